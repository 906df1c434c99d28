import type { Locator, Page } from '@playwright/test';

/** A finger drawn across an element, from and to points given as fractions of its box (Chromium touch events). */
export async function touchDrag(page: Page, target: Locator, from: [number, number], to: [number, number], steps = 8) {
  const box = (await target.boundingBox())!;
  const at = ([fx, fy]: [number, number]) => ({ x: box.x + box.width * fx, y: box.y + box.height * fy });
  const session = await page.context().newCDPSession(page);
  const start = at(from);
  const end = at(to);
  await session.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [start] });
  for (let i = 1; i <= steps; i++) {
    const point = { x: start.x + ((end.x - start.x) * i) / steps, y: start.y + ((end.y - start.y) * i) / steps };
    await session.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
  }
  await session.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await session.detach();
}

/** No sideways scrolling at the page's current width. */
export const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
