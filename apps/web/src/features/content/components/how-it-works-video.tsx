import { LoopingVideo } from './looping-video';
import { VideoEmbed } from './video-embed';

const TITLE = 'How Your Business Your App works';

/**
 * The how-it-works video: the portal's own rendered clip, which plays offline, unless the operator configured an
 * outside video to embed. The 16:9 frame is reserved while the setting loads, so nothing moves.
 */
export function HowItWorksVideo({ embed, loading }: { embed: string | null; loading: boolean }) {
  if (loading || embed) return <VideoEmbed src={embed ?? undefined} title={TITLE} />;
  return (
    <div className="flex aspect-video w-full items-center justify-center overflow-hidden rounded-2xl bg-brand-50 shadow-xl ring-1 ring-slate-200">
      <LoopingVideo
        name="hero"
        label={`${TITLE}: a branded ordering app fills with menu items, receives a new order and takes its payment`}
        width={720}
        height={540}
        className="max-h-full object-contain"
      />
    </div>
  );
}
