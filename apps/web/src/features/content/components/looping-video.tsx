import { useEffect, useRef } from 'react';
import { playWhileInView } from '../clip-playback';
import { videoPoster } from '../hero-media';
import { useReducedMotion } from './use-reduced-motion';

interface LoopingVideoProps {
  /** Base name under /media/video: <name>.webm, <name>.mp4 and the poster <name>.svg. */
  name: string;
  /** What the clip shows, for people who cannot see it. */
  label: string;
  width: number;
  height: number;
  className?: string;
}

/**
 * A short muted loop with a poster, played as `playWhileInView` says: only while in view, and for a visitor who
 * prefers reduced motion not at all unless asked, with controls. It fetches nothing before it plays, so that on a
 * slow line the poster (often the largest thing on the first screen) and the page's styles come first.
 */
export function LoopingVideo({
  name,
  label,
  width,
  height,
  className = '',
}: LoopingVideoProps) {
  const ref = useRef<HTMLVideoElement>(null);
  const reducedMotion = useReducedMotion();

  useEffect(() => (ref.current ? playWhileInView(ref.current, reducedMotion) : undefined), [reducedMotion]);

  return (
    <video
      ref={ref}
      className={`h-auto w-full ${className}`}
      width={width}
      height={height}
      poster={videoPoster(name)}
      aria-label={label}
      muted
      loop
      playsInline
      controls={reducedMotion}
      preload="none"
    >
      <source src={`/media/video/${name}.webm`} type="video/webm" />
      <source src={`/media/video/${name}.mp4`} type="video/mp4" />
    </video>
  );
}
