import { request as http } from '@playwright/test';
import { expect, signUpThroughApi, test } from '../fixtures';
import { firstPlan, operator, subscribeThroughApi } from '../tests/billing-helpers';
import { INSTANCE_PORTS, query } from './multi-helpers';

/** Moves every instance's clock (each keeps its own) by `days`; their sweeps then all find the renewal due. */
async function advanceEveryClock(days: number) {
  for (const port of INSTANCE_PORTS) {
    const direct = await http.newContext({ baseURL: `http://127.0.0.1:${port}` });
    const res = await direct.post('/api/operator/billing/clock', { headers: operator, data: { advanceDays: days } });
    expect(res.status(), await res.text()).toBe(200);
    await direct.dispose();
  }
}

test('three instances sweeping renewals charge exactly once per period', async ({ page }) => {
  const plan = await firstPlan(page.request);
  await signUpThroughApi(page);
  const { subscriptionId } = await subscribeThroughApi(page, plan.id);
  const renewals = async () =>
    ((await (await page.request.get('/api/payments')).json()).payments as Array<{ id: string; purchaseType: string; status: string }>).filter(
      (p) => p.purchaseType === 'Renewal',
    );
  for (const period of [1, 2]) {
    const before = (await (await page.request.get(`/api/subscriptions/${subscriptionId}`)).json()).dueDate as number;
    await advanceEveryClock(31);
    await expect.poll(async () => (await renewals()).filter((p) => p.status === 'Complete').length, { timeout: 20_000 }).toBe(period);
    // Every instance sweeps every 300 ms: give them several more rounds to charge the period twice, if they could.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const paid = await renewals();
    expect(paid.map((p) => p.status)).toEqual(Array.from({ length: period }, () => 'Complete'));
    const [charges] = await query<{ n: string }>('SELECT count(*) AS n FROM square_sandbox_payments WHERE reference_id = ANY($1)', [paid.map((p) => p.id)]);
    expect(Number(charges!.n)).toBe(period);
    const after = (await (await page.request.get(`/api/subscriptions/${subscriptionId}`)).json()).dueDate as number;
    expect(after).toBeGreaterThan(before);
  }
});
