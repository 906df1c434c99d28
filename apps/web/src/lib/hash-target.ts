import { useEffect } from 'react';

/** How long a page may take to render the part a link points at (its data arrives after the page). */
const WAIT_MS = 5000;

/**
 * Brings the part of the page a link's `#id` names into view once it is rendered: pages draw their sections after
 * their data arrives, too late for the browser's own jump. The part gets the focus, so that keyboard and screen reader
 * users land there too.
 */
export function useHashTarget(hash: string, pathname: string) {
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id) return;
    const reveal = () => {
      const target = document.getElementById(id);
      if (!target) return false;
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.scrollIntoView({ block: 'start' });
      target.focus({ preventScroll: true });
      return true;
    };
    if (reveal()) return;
    const observer = new MutationObserver(() => {
      if (reveal()) stop();
    });
    const timer = window.setTimeout(() => stop(), WAIT_MS);
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [hash, pathname]);
}
