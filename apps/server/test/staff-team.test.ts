import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, createTestApp, nextAddress, setUpTwoFactor, signUp, type TestContext, type TestUser } from './helpers.ts';
import { outboxFor } from './notify-helpers.ts';
import { call, signUpStaff } from './staff-helpers.ts';

let nowMs = Date.parse('2026-05-01T09:00:00Z');
let ctx: TestContext;
let staff: TestUser;
beforeAll(async () => {
  ctx = await createTestApp({ clock: () => new Date(nowMs) });
  staff = await signUpStaff(ctx);
});
afterAll(async () => ctx.close());

const HOUR = 3_600_000;
let invited = 0;
const newAddress = () => `new-staff-${++invited}-${Date.now()}@example.com`;

/** Invites the address and returns the token of the link mailed to it. */
async function invite(email: string, role: 'agent' | 'admin' = 'agent'): Promise<string> {
  const res = await call(ctx.app, staff, 'POST', '/api/staff/team/invitations', { email, role });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const [mail] = await outboxFor(ctx, email.toLowerCase(), 'staff-invitation');
  const link = /https?:\/\/\S+\/staff-invitation\?token=([A-Za-z0-9_-]+)/.exec(mail!.text_body);
  expect(link, mail!.text_body).not.toBeNull();
  return link![1]!;
}

const post = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url, payload, remoteAddress: nextAddress() });
const accept = (token: string, name = 'Nia New', password = 'a-long-staff-password') => post('/api/staff-invitations/accept', { token, name, password });
async function signIn(email: string, password: string) {
  const res = await post('/api/auth/sign-in/email', { email, password });
  return { status: res.statusCode, user: { id: res.json().user?.id as string, email, cookie: cookieHeader(res.headers['set-cookie']) } };
}
const audited = async (action: string) =>
  (await ctx.database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE action = $1', [action]))[0]!.n;

describe('staff invitations', () => {
  it('mails a one-time link that sets the name and password of a new staff member, audited', async () => {
    const email = newAddress();
    const token = await invite(email);
    const team = (await call(ctx.app, staff, 'GET', '/api/staff/team')).body;
    expect(team.invitations).toContainEqual(expect.objectContaining({ email, invitedByName: 'Sam Support', expiresTimestamp: nowMs + 72 * HOUR }));
    expect(await audited('staff.invite')).toBeGreaterThan(0);

    expect((await post('/api/staff-invitations/check', { token })).json()).toEqual({ email, expiresTimestamp: nowMs + 72 * HOUR });
    const used = await accept(token);
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json()).toEqual({ email });

    const signedIn = await signIn(email, 'a-long-staff-password');
    expect(signedIn.status).toBe(200);
    // The console opens once the new member's second factor is set up, at this first sign-in.
    expect((await call(ctx.app, signedIn.user, 'GET', '/api/staff/overview')).body.error.code).toBe('TWO_FACTOR_SETUP_REQUIRED');
    await setUpTwoFactor(ctx.app, signedIn.user, 'a-long-staff-password');
    expect((await call(ctx.app, signedIn.user, 'GET', '/api/staff/overview')).status).toBe(200);
    const members = (await call(ctx.app, staff, 'GET', '/api/staff/team')).body;
    expect(members.members).toContainEqual(expect.objectContaining({ email, name: 'Nia New' }));
    expect(members.invitations.map((i: { email: string }) => i.email)).not.toContain(email);
    expect(await audited('staff.join')).toBeGreaterThan(0);

    // Not reusable: a second use answers 410 and changes nothing.
    const again = await accept(token, 'Someone Else', 'another-long-password');
    expect(again.statusCode).toBe(410);
    expect(again.json().error.code).toBe('INVITATION_USED');
    expect((await post('/api/staff-invitations/check', { token })).json().error.code).toBe('INVITATION_USED');
    expect((await signIn(email, 'another-long-password')).status).toBe(401);
  });

  it('refuses an expired link, an unknown one, a weak password and an address that is staff already', async () => {
    const email = newAddress();
    const token = await invite(email);
    nowMs += 72 * HOUR;
    try {
      const expired = await accept(token);
      expect(expired.statusCode).toBe(410);
      expect(expired.json().error.code).toBe('INVITATION_EXPIRED');
      expect((await call(ctx.app, staff, 'GET', '/api/staff/team')).body.invitations.map((i: { email: string }) => i.email)).not.toContain(email);
    } finally {
      nowMs -= 72 * HOUR;
    }
    const unknown = await accept('not-a-token');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('INVITATION_INVALID');
    expect((await accept(token, 'Nia', 'short')).statusCode).toBe(400);
    expect((await accept(token, 'Nia', 'password1234')).statusCode).toBe(400);
    expect((await ctx.database.sql.query('SELECT id FROM users WHERE email = $1', [email]))).toEqual([]);

    const taken = await call(ctx.app, staff, 'POST', '/api/staff/team/invitations', { email: staff.email.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('ALREADY_STAFF');
    expect((await call(ctx.app, staff, 'POST', '/api/staff/team/invitations', { email: 'not an address' })).status).toBe(400);
  });

  it("makes an existing customer's account staff, keeping its id, and signs out every session and Google link it had", async () => {
    const customer = await signUp(ctx.app, { name: 'Cas Customer' });
    // Whoever registered the address first may also have linked a Google sign-in to it.
    await ctx.database.sql.query(
      `INSERT INTO accounts (id, user_id, account_id, provider_id, created_at, updated_at) VALUES ($1, $2, 'google-subject', 'google', now(), now())`,
      [`google-${customer.id}`, customer.id],
    );
    expect((await call(ctx.app, customer, 'GET', '/api/staff/team')).status).toBe(403);
    const token = await invite(customer.email);
    // The console is told the address is a customer's: accepting makes that very account staff.
    const listed = (await call(ctx.app, staff, 'GET', '/api/staff/team')).body.invitations as Array<{ email: string; customerAccount: boolean }>;
    expect(listed.find((i) => i.email === customer.email)).toMatchObject({ customerAccount: true });
    expect((await accept(token, 'Cas Staff')).statusCode).toBe(200);
    // The session opened before the invitation never becomes staff: it is signed out.
    expect((await call(ctx.app, customer, 'GET', '/api/staff/team')).status).toBe(401);
    expect((await call(ctx.app, customer, 'GET', '/api/me')).body.user).toBeNull();
    expect(await ctx.database.sql.query('SELECT id FROM sessions WHERE user_id = $1', [customer.id])).toEqual([]);
    expect(await ctx.database.sql.query('SELECT provider_id FROM accounts WHERE user_id = $1', [customer.id])).toEqual([{ provider_id: 'credential' }]);
    expect((await signIn(customer.email, 'correct-horse-1')).status).toBe(401);
    const signedIn = await signIn(customer.email, 'a-long-staff-password');
    expect(signedIn.user.id).toBe(customer.id);
    // The console stays closed until a second factor is set up.
    expect((await call(ctx.app, signedIn.user, 'GET', '/api/staff/overview')).body.error.code).toBe('TWO_FACTOR_SETUP_REQUIRED');
    await setUpTwoFactor(ctx.app, signedIn.user, 'a-long-staff-password');
    expect((await call(ctx.app, signedIn.user, 'GET', '/api/staff/overview')).status).toBe(200);
  });
});

describe('withdrawing an invitation', () => {
  it('stops its link at once, is audited, and answers 404 for one used, withdrawn or unknown', async () => {
    const email = newAddress();
    const invitedNow = await call(ctx.app, staff, 'POST', '/api/staff/team/invitations', { email });
    expect(invitedNow.body).toMatchObject({ email, customerAccount: false });
    const [mail] = await outboxFor(ctx, email, 'staff-invitation');
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail!.text_body)![1]!;
    const id = invitedNow.body.id as string;

    expect((await call(ctx.app, staff, 'DELETE', `/api/staff/team/invitations/${id}`)).status).toBe(204);
    expect((await call(ctx.app, staff, 'GET', '/api/staff/team')).body.invitations.map((i: { id: string }) => i.id)).not.toContain(id);
    expect((await post('/api/staff-invitations/check', { token })).json().error.code).toBe('INVITATION_INVALID');
    expect((await accept(token)).statusCode).toBe(404);
    expect(await ctx.database.sql.query('SELECT role FROM users WHERE email = $1', [email])).toEqual([]);
    expect(await audited('staff.invitation.revoke')).toBe(1);

    for (const gone of [id, 'no-such-invitation']) {
      const again = await call(ctx.app, staff, 'DELETE', `/api/staff/team/invitations/${gone}`);
      expect([again.status, again.body.error.code]).toEqual([404, 'INVITATION_NOT_OPEN']);
    }
    const used = await invite(newAddress());
    expect((await accept(used)).statusCode).toBe(200);
    const usedId = (await ctx.database.sql.query<{ id: string }>('SELECT id FROM staff_invitations WHERE used_at IS NOT NULL ORDER BY used_at DESC LIMIT 1'))[0]!.id;
    expect((await call(ctx.app, staff, 'DELETE', `/api/staff/team/invitations/${usedId}`)).status).toBe(404);
    // Customers cannot withdraw anything.
    const customer = await signUp(ctx.app);
    expect((await call(ctx.app, customer, 'DELETE', `/api/staff/team/invitations/${usedId}`)).status).toBe(403);
  });
});

describe('removing staff rights', () => {
  it('takes effect on the removed member at once; never on yourself or the last admin; audited', async () => {
    const email = newAddress();
    expect((await accept(await invite(email, 'admin'))).statusCode).toBe(200);
    const { user: other } = await signIn(email, 'a-long-staff-password');
    await setUpTwoFactor(ctx.app, other, 'a-long-staff-password');
    expect((await call(ctx.app, other, 'GET', '/api/staff/overview')).status).toBe(200);

    const self = await call(ctx.app, staff, 'DELETE', `/api/staff/team/${staff.id}`);
    expect(self.status).toBe(409);
    expect(self.body.error.code).toBe('CANNOT_REMOVE_SELF');
    expect((await call(ctx.app, staff, 'DELETE', '/api/staff/team/nobody')).status).toBe(404);

    expect((await call(ctx.app, staff, 'DELETE', `/api/staff/team/${other.id}`)).status).toBe(204);
    await expect.poll(async () => (await call(ctx.app, other, 'GET', '/api/staff/overview')).status).toBe(403);
    expect((await call(ctx.app, other, 'DELETE', `/api/staff/team/${staff.id}`)).status).toBe(403);
    expect(await audited('staff.remove')).toBe(1);
    // The account stays, as a customer.
    expect(await ctx.database.sql.query('SELECT role FROM users WHERE id = $1', [other.id])).toEqual([{ role: 'customer' }]);
  });

  it('keeps the last admin', async () => {
    // Everyone but `staff` loses the rights, one by one; then the last one is refused.
    for (const member of (await call(ctx.app, staff, 'GET', '/api/staff/team')).body.members as Array<{ id: string }>) {
      if (member.id !== staff.id) expect((await call(ctx.app, staff, 'DELETE', `/api/staff/team/${member.id}`)).status).toBe(204);
    }
    const last = await call(ctx.app, staff, 'DELETE', `/api/staff/team/${staff.id}`);
    expect(last.status).toBe(409);
    expect(last.body.error.code).toBe('LAST_ADMIN');
    expect((await call(ctx.app, staff, 'GET', '/api/staff/team')).body.members).toHaveLength(1);
  });
});
