import { createServer, type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { startMailCatcher, type MailCatcher } from '../src/platform/mail/catcher.ts';
import type { MailRequest } from '../src/platform/mail/mailer.tsx';
import { LEASE_MS } from '../src/platform/mail/sender.ts';
import { portalModules } from '../src/app.ts';
import { MAIL_CONNECTIONS } from '../src/platform/mail/transport.ts';
import { REAL_SQUARE, REQUIRED_IN_PRODUCTION, createTestApp, nextAddress, signUp, makeStaff, type TestContext } from './helpers.ts';

let ctx: TestContext | undefined;
let outside: MailCatcher | undefined;
afterEach(async () => {
  await ctx?.close();
  await outside?.close();
  ctx = undefined;
  outside = undefined;
});

/** A port nothing listens on yet, for an SMTP server the test starts and stops. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A clock the test moves by hand. */
function handClock(start = Date.parse('2026-03-01T10:00:00Z')) {
  let now = start;
  return { clock: () => new Date(now), advance: (ms: number) => (now += ms) };
}

const mail = (to: string, n = 1): MailRequest => ({
  kind: 'receipt',
  to,
  subject: `Your receipt ${n}`,
  notice: { heading: `Thanks for payment ${n}`, paragraphs: ['We received $49.99.'], action: { label: 'See your receipts', url: 'http://localhost:1/payment-history' } },
});

async function queue(c: TestContext, ...mails: MailRequest[]) {
  await c.app.db.transaction(async (tx) => {
    for (const m of mails) await c.app.mail.queue(tx as never, m);
  });
}

const caught = (c: TestContext, to?: string) =>
  c.database.sql.query<{ subject: string; message_id: string; html: string; text_body: string; envelope_to: string[] }>(
    `SELECT subject, message_id, html, text_body, envelope_to FROM mailbox_messages ${to ? `WHERE envelope_to @> $1::jsonb` : ''} ORDER BY subject`,
    to ? [JSON.stringify([to])] : [],
  );

const outbox = (c: TestContext) =>
  c.database.sql.query<{ to_address: string; status: string; attempts: number; last_error: string | null; message_id: string }>(
    `SELECT to_address, status, attempts, last_error, message_id FROM mail_outbox ORDER BY to_address`,
  );

describe('e-mail through the local catcher (the default without SMTP_URL)', () => {
  it('sends a committed mail over SMTP, with HTML and text from one template and the legal footer', async () => {
    ctx = await createTestApp({ env: { COMPANY_ADDRESS: '1 Harbour Street, Portsmouth' } });
    expect(ctx.app.mail.catcherPort).toBeGreaterThan(0);
    await queue(ctx, mail('Ada@Example.com'));
    expect(await caught(ctx)).toEqual([]);
    expect(await ctx.app.mail.deliver()).toEqual({ sent: 1, failed: 0, retrying: 0 });

    const [received] = await caught(ctx, 'ada@example.com');
    const [row] = await outbox(ctx);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expect(received!.message_id).toBe(row!.message_id);
    expect(received!.subject).toBe('Your receipt 1');
    for (const body of [received!.html, received!.text_body]) {
      expect(body.toLowerCase()).toContain('thanks for payment 1');
      expect(body).toContain('Your Business Your App. All rights reserved. 1 Harbour Street, Portsmouth.');
      expect(body).toContain('http://localhost:1/payment-history');
    }
    expect(received!.html).toMatch(/<a[^>]+href="http:\/\/localhost:1\/terms"/);
    expect(received!.text_body).not.toContain('<');
    // The preview line is for mail apps' lists, not a second copy at the top of the text.
    expect(received!.text_body.trimStart().startsWith('Your Business Your App')).toBe(true);
    expect(await ctx.app.mail.deliver()).toEqual({ sent: 0, failed: 0, retrying: 0 });
  });

  it("sends a customer's mail before the team's alerts queued ahead of it", async () => {
    const time = handClock();
    ctx = await createTestApp({ clock: time.clock });
    // A burst of alerts (one per waiting chat for each staff member), then a verification link a minute later.
    await queue(ctx, ...Array.from({ length: 25 }, (_, i) => ({ ...mail(`agent-${i}@example.com`, i), kind: 'staff-unanswered-chat' })));
    time.advance(60_000);
    await queue(ctx, { ...mail('new-customer@example.com', 99), kind: 'email-verification' });
    // One delivery of 20: the customer's mail is in it, however many alerts were due before it.
    expect(await ctx.app.mail.deliver()).toEqual({ sent: 20, failed: 0, retrying: 0 });
    expect((await caught(ctx, 'new-customer@example.com')).map((r) => r.subject)).toEqual(['Your receipt 99']);
    expect(await ctx.app.mail.deliver()).toEqual({ sent: 6, failed: 0, retrying: 0 });
  });

  it('sends last the kinds a module declares so, and refuses a kind no module declares', async () => {
    const time = handClock();
    const digests = { name: 'digests', routes: [], mails: { 'weekly-digest': { sentLast: true }, 'digest-welcome': {} } };
    ctx = await createTestApp({ clock: time.clock, modules: [...portalModules, digests] });
    await queue(ctx, ...Array.from({ length: 3 }, (_, i) => ({ ...mail(`digest-${i}@example.com`, i), kind: 'weekly-digest' })));
    time.advance(60_000);
    await queue(ctx, { ...mail('first@example.com', 9), kind: 'digest-welcome' });
    expect(await ctx.app.mail.deliver(1)).toEqual({ sent: 1, failed: 0, retrying: 0 });
    expect((await caught(ctx)).map((r) => r.subject)).toEqual(['Your receipt 9']);

    const before = (await outbox(ctx)).length;
    await expect(queue(ctx, { ...mail('nobody@example.com'), kind: 'not-declared' })).rejects.toThrow('No module declares the mail kind "not-declared".');
    expect((await outbox(ctx)).length).toBe(before);
  });

  it('queues nothing when the change that caused the mail rolls back', async () => {
    ctx = await createTestApp();
    await expect(
      ctx.app.db.transaction(async (tx) => {
        await ctx!.app.mail.queue(tx as never, mail('rollback@example.com'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await outbox(ctx)).toEqual([]);
  });
});

describe('e-mail to an SMTP server that is down or refuses', () => {
  it('keeps three mails while the server is down and delivers each exactly once when it is back', async () => {
    const time = handClock();
    // The real SMTP server of this test is down at first, and comes back on the same port.
    const port = await freePort();
    ctx = await createTestApp({ clock: time.clock, env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_RETRY_BASE_MS: '60000' } });
    expect(ctx.app.mail.catcherPort).toBeNull();

    await queue(ctx, mail('one@example.com', 1), mail('two@example.com', 2), mail('three@example.com', 3));
    expect(await ctx.app.mail.deliver()).toEqual({ sent: 0, failed: 0, retrying: 3 });
    expect((await outbox(ctx)).map((r) => r.status)).toEqual(['pending', 'pending', 'pending']);
    expect((await outbox(ctx))[0]!.last_error).toMatch(/ECONNREFUSED|connect/i);

    outside = await startMailCatcher(ctx.app.db, { port });
    // Not before the back-off has passed.
    expect(await ctx.app.mail.deliver()).toEqual({ sent: 0, failed: 0, retrying: 0 });
    time.advance(60_000);
    expect(await ctx.app.mail.deliver()).toEqual({ sent: 3, failed: 0, retrying: 0 });
    time.advance(LEASE_MS * 2);
    expect(await ctx.app.mail.deliver()).toEqual({ sent: 0, failed: 0, retrying: 0 });

    const received = await caught(ctx);
    expect(received.map((r) => r.subject)).toEqual(['Your receipt 1', 'Your receipt 2', 'Your receipt 3']);
    expect((await outbox(ctx)).map((r) => [r.status, r.attempts])).toEqual([
      ['sent', 2],
      ['sent', 2],
      ['sent', 2],
    ]);
  });

  it("marks a mail failed with the server's answer when it refuses the recipient, and sends the others", async () => {
    const port = await freePort();
    ctx = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    outside = await startMailCatcher(ctx.app.db, {
      port,
      refuseRecipient: (address) => (address.endsWith('@gone.example') ? 'Mailbox unavailable: no such user' : null),
    });
    await queue(ctx, mail('nobody@gone.example', 1), mail('somebody@example.com', 2));
    expect(await ctx.app.mail.deliver()).toEqual({ sent: 1, failed: 1, retrying: 0 });
    const [refused, sent] = await outbox(ctx);
    expect(refused).toMatchObject({ to_address: 'nobody@gone.example', status: 'failed' });
    expect(refused!.last_error).toContain('550');
    expect(refused!.last_error).toContain('Mailbox unavailable: no such user');
    expect(sent).toMatchObject({ status: 'sent' });
  });
});

describe("staff see a customer's e-mails", () => {
  it("with each one's status and, when the server refused it, the server's answer; customers may not look", async () => {
    const port = await freePort();
    ctx = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    outside = await startMailCatcher(ctx.app.db, {
      port,
      refuseRecipient: (address) => (address.endsWith('@gone.example') ? 'Mailbox unavailable: no such user' : null),
    });
    const customer = await signUp(ctx.app, { email: `left-${Date.now()}@gone.example` });
    const staff = await signUp(ctx.app);
    await makeStaff(ctx, staff);
    await ctx.app.mail.deliver();
    const url = `/api/staff/customers/${customer.id}/mail`;
    const listed = await ctx.app.inject({ method: 'GET', url, headers: { cookie: staff.cookie } });
    expect(listed.statusCode).toBe(200);
    const { mails, nextCursor } = listed.json();
    expect(mails.length).toBeGreaterThan(0);
    expect(nextCursor).toBeNull();
    for (const m of mails) {
      expect(m).toMatchObject({ to: customer.email, status: 'failed', sentTimestamp: null });
      expect(m.lastError).toContain('550');
      expect(m.lastError).toContain('Mailbox unavailable: no such user');
    }
    expect((await ctx.app.inject({ method: 'GET', url, headers: { cookie: customer.cookie } })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: `${url}?limit=0`, headers: { cookie: staff.cookie } })).statusCode).toBe(400);
  });
});

describe('several senders at once', () => {
  it('send each message once', async () => {
    ctx = await createTestApp();
    const mails = Array.from({ length: 12 }, (_, i) => mail(`reader${i}@example.com`, i));
    await queue(ctx, ...mails);
    const rounds = await Promise.all([ctx.app.mail.deliver(5), ctx.app.mail.deliver(5), ctx.app.mail.deliver(5)]);
    expect(rounds.reduce((n, r) => n + r.sent, 0)).toBe(12);
    const received = await caught(ctx);
    expect(received).toHaveLength(12);
    expect(new Set(received.map((r) => r.message_id)).size).toBe(12);
  });
});

describe('sending many messages', () => {
  it("sends several readers' messages at once over connections kept open, each reader's in the order queued", async () => {
    let connections = 0;
    let inFlight = 0;
    let mostInFlight = 0;
    const received: Array<{ to: string; subject: string }> = [];
    let overlap: () => void = () => undefined;
    const overlapping = new Promise<void>((resolve) => (overlap = resolve));
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onConnect(_session, callback) {
        connections += 1;
        callback();
      },
      onData(stream, session, callback) {
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        if (inFlight > 1) overlap();
        let body = '';
        stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
        stream.on('end', () => {
          const subject = /^Subject: (.*)$/m.exec(body)?.[1] ?? '';
          // Holds the first message until a second is being sent beside it, or a second has passed (one at a time).
          void Promise.race([overlapping, new Promise((resolve) => setTimeout(resolve, 1000))]).then(() => {
            received.push({ to: session.envelope.rcptTo[0]!.address, subject });
            inFlight -= 1;
            callback();
          });
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.server.address() as AddressInfo;
      ctx = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
      const readers = ['ana@example.com', 'ben@example.com', 'cy@example.com', 'dee@example.com', 'eve@example.com'];
      await queue(ctx, ...[1, 2, 3].flatMap((n) => readers.map((to) => mail(to, n))));
      expect(await ctx.app.mail.deliver(20)).toEqual({ sent: 15, failed: 0, retrying: 0 });

      expect(mostInFlight).toBeGreaterThan(1);
      expect(mostInFlight).toBeLessThanOrEqual(MAIL_CONNECTIONS);
      expect(connections).toBeLessThanOrEqual(MAIL_CONNECTIONS);
      for (const reader of readers) {
        expect(received.filter((m) => m.to === reader).map((m) => m.subject)).toEqual(['Your receipt 1', 'Your receipt 2', 'Your receipt 3']);
      }
    } finally {
      await ctx?.close();
      ctx = undefined;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('the mailbox page', () => {
  it('lists and shows messages on this machine, to staff elsewhere, and to nobody else', async () => {
    ctx = await createTestApp();
    await queue(ctx, mail('reader@example.com'));
    await ctx.app.mail.deliver();

    const list = await ctx.app.inject({ url: '/dev/mailbox' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toContain('text/html');
    const link = list.body.match(/href="(\/dev\/mailbox\/[0-9a-f-]{36})"/)?.[1];
    expect(link).toBeDefined();
    const shown = await ctx.app.inject({ url: link! });
    expect(shown.body).toContain('Your receipt 1');
    expect(shown.body).toContain('<iframe title="HTML body" sandbox srcdoc=');
    const json = await ctx.app.inject({ url: '/dev/mailbox/messages.json?to=READER@example.com' });
    expect(json.json().messages).toHaveLength(1);
    expect(json.json().messages[0]).toMatchObject({ subject: 'Your receipt 1', to: ['reader@example.com'] });

    const remote = nextAddress();
    expect((await ctx.app.inject({ url: '/dev/mailbox', remoteAddress: remote })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/dev/mailbox', headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode).toBe(404);
    const customer = await signUp(ctx.app);
    expect((await ctx.app.inject({ url: '/dev/mailbox', remoteAddress: remote, headers: { cookie: customer.cookie } })).statusCode).toBe(404);
    await makeStaff(ctx, customer);
    expect((await ctx.app.inject({ url: link!, remoteAddress: remote, headers: { cookie: customer.cookie } })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/dev/mailbox/not-an-id' })).statusCode).toBe(404);
  });

  it('is guarded by the path the router matched, however the address is spelled', async () => {
    ctx = await createTestApp();
    await queue(ctx, mail('reader@example.com'));
    await ctx.app.mail.deliver();
    const remote = nextAddress();
    // Percent-encoded letters reach the same routes; the guard must see them too.
    for (const url of ['/dev/%6dailbox/messages.json', '/dev/%6Dailbox', '/%64ev/mailbox/messages.json?to=reader@example.com']) {
      const res = await ctx.app.inject({ url, remoteAddress: remote });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('Your receipt');
      expect((await ctx.app.inject({ method: 'HEAD', url, remoteAddress: remote })).statusCode, url).toBe(404);
    }
    // The same spelling from this machine reaches the mailbox: the 404 above was the guard, not a missing route.
    expect((await ctx.app.inject({ url: '/dev/%6dailbox/messages.json' })).json().messages).toHaveLength(1);
  });

  it('does not exist in production', async () => {
    ctx = await createTestApp({ env: { ...REQUIRED_IN_PRODUCTION, ...REAL_SQUARE } });
    expect((await ctx.app.inject({ url: '/dev/mailbox' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/dev/mailbox/messages.json' })).statusCode).toBe(404);
  });
});
