/**
 * How a looping clip plays, with no React: used by `LoopingVideo` and by the landing page's own script (the landing
 * page `/` is prerendered and runs without the app, docs/decisions/0042).
 *
 * Nothing plays by itself: a clip plays only while it is on screen (a loop nobody sees should not cost a phone's
 * battery), and never for a visitor who asked for less motion, who gets the controls to play it on request.
 * Returns the function that stops watching.
 */
export function playWhileInView(video: HTMLVideoElement, reducedMotion: boolean): () => void {
  // React sets `muted` as a property only, and a prerendered page has only the attribute; browsers allow a clip to
  // play without a gesture only when muted, so set both before playing.
  video.muted = true;
  video.defaultMuted = true;
  video.controls = reducedMotion;
  if (reducedMotion) {
    video.pause();
    return () => undefined;
  }
  const play = () => void video.play().catch(() => undefined);
  if (typeof IntersectionObserver === 'undefined') {
    play();
    return () => undefined;
  }
  const observer = new IntersectionObserver(([entry]) => {
    if (entry?.isIntersecting) play();
    else video.pause();
  });
  observer.observe(video);
  return () => observer.disconnect();
}

export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';
