import { afterAll, describe, expect, it } from 'vitest';
import { publishChange, type Change } from '../src/platform/events/change-feed.ts';
import { createTestApp, signUp, type TestContext } from './helpers.ts';

// PostgreSQL only: PGlite is a database of one schema in the process. Two portals in two schemas of one database
// share its NOTIFY channels unless each names its own (migration 0420).
describe('on PostgreSQL, two portals in two schemas of one database', () => {
  const apps: TestContext[] = [];
  afterAll(async () => {
    for (const ctx of apps) await ctx.close();
  });

  it("hear their own changes and sign-outs only, never the other's", async () => {
    const [one, other] = [await createTestApp(), await createTestApp()];
    apps.push(one, other);
    const heard = (ctx: TestContext) => {
      const changes: Change[] = [];
      ctx.app.changeFeed.subscribe((change) => changes.push(change));
      return changes;
    };
    const [byOne, byOther] = [heard(one), heard(other)];
    const forgottenByOther: string[] = [];
    other.app.sessionCache.onForget((userId) => forgottenByOther.push(userId));

    const user = await signUp(one.app);
    const forgottenByOne = new Promise<void>((resolve) => one.app.sessionCache.onForget((userId) => userId === user.id && resolve()));
    await one.database.sql.query('DELETE FROM sessions WHERE user_id = $1', [user.id]);
    await publishChange(one.app.db, { topic: 'probe', audience: { staff: true } });
    await forgottenByOne;
    await expect.poll(() => byOne.some((change) => change.topic === 'probe')).toBe(true);

    // The other portal's feed has had the same time to hear them: a change of its own, sent after, arrives first.
    await publishChange(other.app.db, { topic: 'marker', audience: { staff: true } });
    await expect.poll(() => byOther.some((change) => change.topic === 'marker')).toBe(true);
    expect(byOther.map((change) => change.topic)).toEqual(['marker']);
    expect(forgottenByOther).toEqual([]);
  });
});
