import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mayCall, buildPath } from '@portal/contracts/route-helpers';
import { allRoutes } from '@portal/contracts/routes';
import type { Role } from '@portal/contracts/auth';
import { createOrPromoteStaff } from '../src/modules/staff/index.ts';
import { cookieHeader, createTestApp, nextAddress, setUpTwoFactor, signUp, type TestContext, type TestUser } from './helpers.ts';
import { outboxFor } from './notify-helpers.ts';
import { call, signUpStaff } from './staff-helpers.ts';

let ctx: TestContext;
let admin: TestUser;
let agent: TestUser;
let customer: TestUser;
/** An admin whose second factor is not set up: a customer's session until it is (decision 0050). */
let withoutSecondFactor: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signUpStaff(ctx, 'admin', 'Ada Admin');
  agent = await signUpStaff(ctx, 'agent', 'Abe Agent');
  customer = await signUp(ctx.app);
  withoutSecondFactor = await signUp(ctx.app);
  await ctx.database.sql.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [withoutSecondFactor.id]);
  ctx.app.sessionCache.forgetUser(withoutSecondFactor.id);
});
afterAll(async () => ctx.close());

const guarded = allRoutes.filter(({ route }) => route.auth === 'staff' || route.auth === 'admin');
const sample = (path: string) => buildPath({ path }, Object.fromEntries([...path.matchAll(/:(\w+)/g)].map((m) => [m[1]!, 'x1'])));
const REFUSALS = new Set(['FORBIDDEN', 'TWO_FACTOR_SETUP_REQUIRED']);

describe('the role matrix, generated from the route table', () => {
  it('lets each role through exactly the staff and admin routes its role allows; every other answer is 403', async () => {
    expect(guarded.filter(({ route }) => route.auth === 'admin').length).toBeGreaterThanOrEqual(20);
    const callers: [Role | 'admin without a second factor', TestUser, Role][] = [
      ['customer', customer, 'customer'],
      ['agent', agent, 'agent'],
      ['admin', admin, 'admin'],
      ['admin without a second factor', withoutSecondFactor, 'customer'],
    ];
    const wrong: string[] = [];
    for (const { name, route } of guarded) {
      for (const [label, user, actsAs] of callers) {
        // An invalid body: a route that lets the caller through refuses the input (400), so nothing is changed.
        const res = await call(ctx.app, user, route.method as 'GET', sample(route.path), route.method === 'GET' ? undefined : { invalid: true });
        const refused = res.status === 403 && REFUSALS.has(res.body?.error?.code);
        if (res.status === 401 || refused === mayCall(route, actsAs)) wrong.push(`${label} ${name} ${route.method} ${route.path}: ${res.status} ${res.body?.error?.code ?? ''}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

/** Invites the address in the given role (none: the default) and returns the link's token. */
async function invite(by: TestUser, email: string, role?: 'agent' | 'admin') {
  const res = await call(ctx.app, by, 'POST', '/api/staff/team/invitations', role ? { email, role } : { email });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const [mail] = await outboxFor(ctx, email, 'staff-invitation');
  return { invitation: res.body, token: /staff-invitation\?token=([A-Za-z0-9_-]+)/.exec(mail!.text_body)![1]! };
}

async function join(by: TestUser, name: string, role?: 'agent' | 'admin'): Promise<TestUser & { role: string }> {
  const email = `${name.toLowerCase().replace(/\W/g, '-')}-${Date.now()}@example.com`;
  const { invitation, token } = await invite(by, email, role);
  const accepted = await ctx.app.inject({ method: 'POST', url: '/api/staff-invitations/accept', payload: { token, name, password: 'a-long-staff-password' }, remoteAddress: nextAddress() });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const signIn = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password: 'a-long-staff-password' }, remoteAddress: nextAddress() });
  const user = { id: signIn.json().user.id as string, email, cookie: cookieHeader(signIn.headers['set-cookie']) } as TestUser;
  await setUpTwoFactor(ctx.app, user, 'a-long-staff-password');
  return { ...user, role: invitation.role };
}

const roleOf = async (id: string) => (await ctx.database.sql.query<{ role: string }>('SELECT role FROM users WHERE id = $1', [id]))[0]?.role;

describe('invitations name the role', () => {
  it('makes the invited address an agent unless the invitation says admin, and the team page shows each role', async () => {
    const plain = await join(admin, 'Pat Plain');
    const named = await join(admin, 'Nell Named', 'admin');
    expect([plain.role, named.role]).toEqual(['agent', 'admin']);
    expect([await roleOf(plain.id), await roleOf(named.id)]).toEqual(['agent', 'admin']);
    expect((await call(ctx.app, plain, 'GET', '/api/staff/team')).status).toBe(403);
    const team = (await call(ctx.app, named, 'GET', '/api/staff/team')).body;
    expect(team.members).toEqual(expect.arrayContaining([expect.objectContaining({ id: plain.id, role: 'agent' }), expect.objectContaining({ id: named.id, role: 'admin' })]));
    const joined = await ctx.database.sql.query<{ after: { role: string } }>(`SELECT after FROM audit_log WHERE action = 'staff.join' AND entity_id = $1`, [plain.id]);
    expect(joined[0]!.after.role).toBe('agent');
    expect((await call(ctx.app, admin, 'POST', '/api/staff/team/invitations', { email: 'x@example.com', role: 'owner' })).status).toBe(400);
  });
});

describe('changing roles', () => {
  it('gives or takes admin rights at once, audited with who, before and after; agents cannot', async () => {
    const member = await join(admin, 'Rita Role');
    expect((await call(ctx.app, member, 'GET', '/api/staff/promo-codes')).status).toBe(403);
    const byAgent = await call(ctx.app, agent, 'PATCH', `/api/staff/team/${member.id}`, { role: 'admin' });
    expect([byAgent.status, byAgent.body.error.code]).toEqual([403, 'FORBIDDEN']);

    const promoted = await call(ctx.app, admin, 'PATCH', `/api/staff/team/${member.id}`, { role: 'admin' });
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ id: member.id, name: 'Rita Role', role: 'admin' });
    expect((await call(ctx.app, member, 'GET', '/api/staff/promo-codes')).status).toBe(200);

    expect((await call(ctx.app, admin, 'PATCH', `/api/staff/team/${member.id}`, { role: 'agent' })).status).toBe(200);
    expect((await call(ctx.app, member, 'GET', '/api/staff/promo-codes')).status).toBe(403);
    // The same role again changes nothing and records nothing.
    expect((await call(ctx.app, admin, 'PATCH', `/api/staff/team/${member.id}`, { role: 'agent' })).status).toBe(200);
    const entries = await ctx.database.sql.query<{ actor_id: string; before: { role: string }; after: { role: string } }>(
      `SELECT actor_id, before, after FROM audit_log WHERE action = 'staff.role.change' AND entity_id = $1 ORDER BY position`,
      [member.id],
    );
    expect(entries.map((e) => [e.actor_id, e.before.role, e.after.role])).toEqual([
      [admin.id, 'agent', 'admin'],
      [admin.id, 'admin', 'agent'],
    ]);
    expect((await call(ctx.app, admin, 'PATCH', `/api/staff/team/${customer.id}`, { role: 'admin' })).status).toBe(404);
    expect(await roleOf(customer.id)).toBe('customer');
    expect((await call(ctx.app, admin, 'PATCH', `/api/staff/team/${member.id}`, { role: 'customer' })).status).toBe(400);
  });
});

describe('the last admin', () => {
  it('is never demoted or removed, by themselves or anyone; two admins demoting each other at once leave one', async () => {
    const app = await createTestApp();
    try {
      const only = await signUpStaff(app, 'admin', 'Olga Only');
      const self = await call(app.app, only, 'PATCH', `/api/staff/team/${only.id}`, { role: 'agent' });
      expect([self.status, self.body.error.code]).toEqual([409, 'LAST_ADMIN']);
      const removed = await call(app.app, only, 'DELETE', `/api/staff/team/${only.id}`);
      expect([removed.status, removed.body.error.code]).toEqual([409, 'LAST_ADMIN']);
      await expect(createOrPromoteStaff(app.app.db, { email: only.email, role: 'agent' }, new Date())).rejects.toMatchObject({ code: 'LAST_ADMIN' });

      const second = await signUpStaff(app, 'admin', 'Sid Second');
      const [a, b] = await Promise.all([
        call(app.app, only, 'PATCH', `/api/staff/team/${second.id}`, { role: 'agent' }),
        call(app.app, second, 'PATCH', `/api/staff/team/${only.id}`, { role: 'agent' }),
      ]);
      // The second to run is refused: no longer an admin (403) or, if it read the team first, the last one (409).
      const [first, later] = [a.status, b.status].sort();
      expect(first).toBe(200);
      expect([403, 409]).toContain(later);
      const admins = await app.database.sql.query(`SELECT id FROM users WHERE role = 'admin'`);
      expect(admins).toHaveLength(1);
      expect(await app.database.sql.query(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'staff.role.change'`)).toEqual([{ n: 1 }]);
    } finally {
      await app.close();
    }
  });
});

describe('the operator command names the role', () => {
  it('makes admins by default, agents when told, and changes an existing member', async () => {
    const made = await createOrPromoteStaff(ctx.app.db, { email: `cli-admin-${Date.now()}@example.com`, password: 'a-long-operator-password' }, new Date());
    expect(made).toMatchObject({ created: true, role: 'admin' });
    expect(await roleOf(made.userId)).toBe('admin');
    const agentMade = await createOrPromoteStaff(ctx.app.db, { email: `cli-agent-${Date.now()}@example.com`, role: 'agent' }, new Date());
    expect(await roleOf(agentMade.userId)).toBe('agent');
    await createOrPromoteStaff(ctx.app.db, { email: agentMade.email, role: 'admin' }, new Date());
    expect(await roleOf(agentMade.userId)).toBe('admin');
  });
});
