import type { Page } from '@playwright/test';
import { expect } from '../fixtures';
import type { PlanInfo } from './billing-helpers';

/** The cheapest and the dearest plans on pricing. */
export async function cheapestAndDearest(page: Page): Promise<{ cheap: PlanInfo; dear: PlanInfo }> {
  const { plans } = (await (await page.request.get('/api/plans')).json()) as { plans: PlanInfo[] };
  expect(plans.length, 'pricing has at least two plans').toBeGreaterThanOrEqual(2);
  plans.sort((a, b) => a.amount - b.amount);
  return { cheap: plans[0]!, dear: plans[plans.length - 1]! };
}

/** What the server quotes now for changing a subscription to a plan. */
export async function quote(page: Page, subscriptionId: string, planId: string) {
  const res = await page.request.get(`/api/subscriptions/${subscriptionId}/plan-options`);
  expect(res.status(), await res.text()).toBe(200);
  const option = (await res.json()).options.find((o: { planId: string }) => o.planId === planId);
  expect(option).toBeDefined();
  return option as { chargeNow: number; remainingDays: number; periodDays: number; effectiveAt: number };
}

/** Saves a screenshot of the page at phone and desktop widths (docs/screenshots). */
export async function screenshots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: `docs/screenshots/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The text of an uncompressed pdfkit PDF: each text operation's hex strings decoded as Latin-1, one line each. */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  return [...source.matchAll(/\[([^\]]*)\]\s*TJ/g)]
    .map((op) => [...op[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => Buffer.from(m[1]!, 'hex').toString('latin1')).join(''))
    .join('\n');
}
