import { useEffect, useRef } from 'react';
import { videoPoster } from '../hero-media';
import { useReducedMotion } from './use-reduced-motion';

interface LoopingVideoProps {
  /** Base name under /media/video: <name>.webm, <name>.mp4 and the poster <name>.svg. */
  name: string;
  /** What the clip shows, for people who cannot see it. */
  label: string;
  width: number;
  height: number;
  /** Below the fold: fetch nothing until the clip scrolls into view. */
  lazy?: boolean;
  className?: string;
}

/**
 * A short muted loop with a poster. It plays by itself unless the visitor prefers reduced motion, in which case
 * it shows the poster with controls to play it on request. Clips play only while in view; a lazy one fetches
 * nothing before it scrolls into view.
 */
export function LoopingVideo({
  name,
  label,
  width,
  height,
  lazy = false,
  className = '',
}: LoopingVideoProps) {
  const ref = useRef<HTMLVideoElement>(null);
  const reducedMotion = useReducedMotion();

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    // React sets `muted` as a property only; browsers allow autoplay for muted media, so set both before playing.
    video.muted = true;
    video.defaultMuted = true;
    if (reducedMotion) {
      video.pause();
      return;
    }
    const play = () => void video.play().catch(() => undefined);
    if (typeof IntersectionObserver === 'undefined') {
      play();
      return;
    }
    // Plays only while on screen: a loop nobody sees should not cost the phone's battery.
    const observer = new IntersectionObserver(([entry]) => {
      if (entry?.isIntersecting) play();
      else video.pause();
    });
    observer.observe(video);
    return () => observer.disconnect();
  }, [reducedMotion]);

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
      autoPlay={!reducedMotion && !lazy}
      controls={reducedMotion}
      preload={lazy ? 'none' : 'auto'}
    >
      <source src={`/media/video/${name}.webm`} type="video/webm" />
      <source src={`/media/video/${name}.mp4`} type="video/mp4" />
    </video>
  );
}
