import { useReducedMotion } from './use-reduced-motion';

/**
 * The embed address with autoplay, mute and loop turned on (unless the visitor prefers reduced motion). YouTube
 * loops a single video only when it is also its own playlist.
 */
export function embedAddress(embed: string, reducedMotion: boolean): string {
  const url = new URL(embed);
  const videoId = url.pathname.match(/\/embed\/([^/?]+)/)?.[1];
  url.searchParams.set('autoplay', reducedMotion ? '0' : '1');
  url.searchParams.set('mute', '1');
  url.searchParams.set('loop', '1');
  url.searchParams.set('playsinline', '1');
  if (videoId) url.searchParams.set('playlist', videoId);
  return url.toString();
}

/** An embedded video from the configured video service, in a 16:9 frame reserved before the address is known. */
export function VideoEmbed({ src, title }: { src?: string; title: string }) {
  const reducedMotion = useReducedMotion();
  return (
    <div className="aspect-video w-full overflow-hidden rounded-2xl bg-slate-900 shadow-xl">
      {src && (
        <iframe
          src={embedAddress(src, reducedMotion)}
          title={title}
          className="h-full w-full"
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      )}
    </div>
  );
}
