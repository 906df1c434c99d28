// The landing page's only script. `/` is prerendered (prerender.tsx) and sent to signed-out visitors without the
// app (docs/decisions/0042): its links are plain links, and this adds the two things the page does by itself.
import { playWhileInView, REDUCED_MOTION_QUERY } from '@/features/content/clip-playback';
import './landing.css';

/**
 * The header's phone menu (layout/signed-out-nav.tsx): the button shows and hides it, under the names written on it,
 * and following one of its links closes it.
 */
function drivePhoneMenu() {
  const button = document.querySelector<HTMLButtonElement>('button[aria-controls][data-label-open]');
  const menu = document.getElementById(button?.getAttribute('aria-controls') ?? '');
  if (!button || !menu) return;
  const [openIcon, closeIcon] = button.querySelectorAll('svg');
  const show = (open: boolean) => {
    menu.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
    button.setAttribute('aria-label', (open ? button.dataset.labelOpen : button.dataset.labelClosed) ?? '');
    openIcon?.classList.toggle('hidden', open);
    closeIcon?.classList.toggle('hidden', !open);
  };
  button.addEventListener('click', () => show(menu.hidden));
  menu.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('a')) show(false);
  });
}

/** The clips play while in view, and follow the visitor's motion setting if it changes. */
function playClips() {
  const motion = window.matchMedia(REDUCED_MOTION_QUERY);
  const videos = [...document.querySelectorAll('video')];
  let stops: (() => void)[] = [];
  const apply = () => {
    for (const stop of stops) stop();
    stops = videos.map((video) => playWhileInView(video, motion.matches));
  };
  apply();
  motion.addEventListener('change', apply);
}

drivePhoneMenu();
playClips();
