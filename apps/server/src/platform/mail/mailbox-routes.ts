import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { actsAsStaff, sessionUser } from '../auth/session.ts';
import { notFound } from '../http/errors.ts';
import { fromLoopback } from '../http/operator.ts';
import { mailboxMessages, type CaughtMessage } from './schema.ts';

const MAILBOX = '/dev/mailbox';
const PAGE_SIZE = 100;

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Never in production; otherwise to this machine, or to staff signed in from elsewhere. Others see no such page.
 * A hook of each route, so it guards what the router matched: a check on the raw URL misses `/dev/%6dailbox`.
 */
async function guard(request: FastifyRequest) {
  if (request.server.config.NODE_ENV === 'production') throw notFound('No such page.');
  if (fromLoopback(request)) return;
  const user = await sessionUser(request);
  if (!actsAsStaff(user)) throw notFound('No such page.');
}

function page(reply: FastifyReply, title: string, body: string) {
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title><style>
body{font-family:system-ui,sans-serif;margin:0;padding:16px;color:#0f172a;background:#f8fafc}main{max-width:1000px;margin:auto}
table{border-collapse:collapse;width:100%;background:#fff}td,th{border-bottom:1px solid #e2e8f0;padding:8px;text-align:left;vertical-align:top}
a{color:#4338ca}pre{white-space:pre-wrap;background:#fff;padding:12px;border:1px solid #e2e8f0}iframe{width:100%;height:600px;border:1px solid #e2e8f0;background:#fff}
</style></head><body><main>${body}</main></body></html>`);
}

const summary = (m: CaughtMessage) => ({
  id: m.id,
  receivedAt: m.receivedAt.getTime(),
  messageId: m.messageId,
  from: m.fromHeader,
  to: m.envelopeTo,
  subject: m.subject,
  text: m.textBody,
  html: m.html,
  attachments: m.attachments.map(({ filename, contentType, size }) => ({ filename, contentType, size })),
});

/**
 * The local mail catcher's mailbox: the list, each message's HTML, text and attachments, and the same as JSON for
 * tests (`?to=` filters by recipient).
 */
export async function mailboxRoutes(app: FastifyInstance) {
  const guarded = { schema: { hide: true }, onRequest: guard };

  const list = (to?: string) =>
    app.db
      .select()
      .from(mailboxMessages)
      .where(to ? sql`${mailboxMessages.envelopeTo} @> ${JSON.stringify([to.toLowerCase()])}::jsonb` : undefined)
      .orderBy(desc(mailboxMessages.receivedAt))
      .limit(PAGE_SIZE);
  const find = async (id: string) => {
    if (!/^[0-9a-f-]{36}$/.test(id)) throw notFound('No such message.');
    const [message] = await app.db.select().from(mailboxMessages).where(eq(mailboxMessages.id, id));
    if (!message) throw notFound('No such message.');
    return message;
  };

  app.get<{ Querystring: { to?: string } }>(`${MAILBOX}/messages.json`, guarded, async (request) => ({
    messages: (await list(typeof request.query.to === 'string' ? request.query.to : undefined)).map(summary),
  }));

  app.get(MAILBOX, guarded, async (_request, reply) => {
    const rows = (await list())
      .map(
        (m) =>
          `<tr><td>${escape(m.receivedAt.toISOString().replace('T', ' ').slice(0, 19))}</td><td>${escape(m.envelopeTo.join(', '))}</td>` +
          `<td><a href="${MAILBOX}/${m.id}">${escape(m.subject || '(no subject)')}</a></td><td>${m.attachments.length || ''}</td></tr>`,
      )
      .join('');
    return page(
      reply,
      'Mailbox',
      `<h1>Mailbox</h1><p>What the portal sent to the local mail catcher, newest first (the last ${PAGE_SIZE}).</p>` +
        (rows ? `<table><thead><tr><th>Received (UTC)</th><th>To</th><th>Subject</th><th>Attachments</th></tr></thead><tbody>${rows}</tbody></table>` : '<p>No messages yet.</p>'),
    );
  });

  app.get<{ Params: { id: string } }>(`${MAILBOX}/:id`, guarded, async (request, reply) => {
    const m = await find(request.params.id);
    const attachments = m.attachments
      .map((a, i) => `<li><a href="${MAILBOX}/${m.id}/attachments/${i}">${escape(a.filename)}</a> (${escape(a.contentType)}, ${a.size} bytes)</li>`)
      .join('');
    return page(
      reply,
      m.subject,
      `<p><a href="${MAILBOX}">All messages</a></p><h1>${escape(m.subject || '(no subject)')}</h1>
<table><tbody><tr><th>From</th><td>${escape(m.fromHeader)}</td></tr><tr><th>To</th><td>${escape(m.envelopeTo.join(', '))}</td></tr>
<tr><th>Message-ID</th><td>${escape(m.messageId ?? '')}</td></tr><tr><th>Received</th><td>${escape(m.receivedAt.toISOString())}</td></tr></tbody></table>
${attachments ? `<h2>Attachments</h2><ul>${attachments}</ul>` : ''}
<h2>HTML</h2>${m.html ? `<iframe title="HTML body" sandbox srcdoc="${escape(m.html)}"></iframe>` : '<p>No HTML part.</p>'}
<h2>Text</h2><pre>${escape(m.textBody ?? '')}</pre>`,
    );
  });

  app.get<{ Params: { id: string; index: string } }>(`${MAILBOX}/:id/attachments/:index`, guarded, async (request, reply) => {
    const m = await find(request.params.id);
    const attachment = m.attachments[Number(request.params.index)];
    if (!attachment) throw notFound('No such attachment.');
    return reply
      .type(attachment.contentType)
      .header('content-disposition', `attachment; filename="${attachment.filename.replace(/["\\\r\n]/g, '_')}"`)
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from(attachment.contentBase64, 'base64'));
  });
}
