import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/**
 * The project's stages: where it has none yet (no stages API in this journey), Design and Build are given to it
 * through the project export and the content import, as a staff admin moving a project between portals would.
 */
export async function ensureStages(staff: APIRequestContext, projectId: string) {
  const exported = await staff.get(`/api/staff/projects/${projectId}/export`);
  expect(exported.status(), await exported.text()).toBe(200);
  const file = (await exported.json()) as { Projects: Record<string, { stages: Record<string, unknown> }> };
  const record = file.Projects[projectId]!;
  if (Object.keys(record.stages).length > 0) return;
  const stage = (name: string, order: number) => ({ name, order, launches: false, expectedTimestamp: null, reachedTimestamp: null, approvedTimestamp: null });
  record.stages = { [`${projectId}-design`]: stage('Design', 0), [`${projectId}-build`]: stage('Build', 1) };
  const imported = await staff.post('/api/staff/content/import', { data: file });
  expect(imported.status(), await imported.text()).toBe(200);
}

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
