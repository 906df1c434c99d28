/**
 * The SQL of `seed-scale` (issue 25): rows made inside PostgreSQL from `generate_series`, a batch of customers at a
 * time, so that no row crosses the wire. Every choice (how many subscriptions, payments and messages a customer has,
 * names, dates, statuses) comes from a hash of the row's number and the seed, never from `random()`: the same seed
 * makes the same database, whichever connection of the pool runs a statement.
 */

/** A number in [0, 1) for row `g`, draw `k` of seed `seed`: the same for the same three. */
const draw = (seed: number, g: string, k: number) => `((hashint8((${g})::bigint * 7919 + ${k * 104_729 + seed}) & 2147483647)::float8 / 2147483648.0)`;

/** A whole number in [0, n) for row `g`, draw `k`. */
const pick = (seed: number, g: string, k: number, n: number) => `floor(${draw(seed, g, k)} * ${n})::int`;

const FIRST_NAMES = ['Ada', 'Ben', 'Cleo', 'Dev', 'Elif', 'Femi', 'Gina', 'Hugo', 'Iris', 'Jun', 'Kai', 'Lena', 'Milo', 'Nora', 'Omar', 'Pia', 'Quinn', 'Rosa', 'Sami', 'Tess', 'Uma', 'Vic', 'Wren', 'Xia', 'Yara', 'Zane'];
const LAST_NAMES = ['Adams', 'Baker', 'Chen', 'Diaz', 'Evans', 'Fischer', 'Garcia', 'Haddad', 'Ito', 'Jones', 'Kowalski', 'Lopez', 'Moreau', 'Nguyen', 'Okafor', 'Patel', 'Quist', 'Rossi', 'Silva', 'Tanaka', 'Usman', 'Varga', 'Weber', 'Xu', 'Young', 'Zhou'];
const PHRASES = ['my invoice shows the wrong amount', 'the app crashed after login', 'please change the logo colour', 'when will my app launch', 'thanks for the quick help', 'can I add a booking page', 'the card was declined', 'how do I update my menu'];
const REASONS = ['General Inquiry', 'Billing & Payments', 'Technical Support', 'App Changes'];
const AUDIT_ACTIONS = ['chat.reply', 'chat.close', 'project.update', 'step.update', 'plan.update', 'payment.refund', 'subscription.cancel'];

/** The plans the seeded subscriptions hold: hidden, so that the pricing page stays as it is. */
export const PLANS = [
  { id: 'scale-plan-starter', title: 'Scale Starter', amount: 2900 },
  { id: 'scale-plan-growth', title: 'Scale Growth', amount: 5900 },
  { id: 'scale-plan-pro', title: 'Scale Pro', amount: 9900 },
];

const list = (items: readonly string[]) => `(ARRAY[${items.map((item) => `'${item.replace(/'/g, "''")}'`).join(', ')}])`;

/** The tables the seed makes large: a read or a lock that covers all of one of them costs at a million customers. */
export const SEEDED_TABLES: ReadonlySet<string> = new Set(['users', 'subscriptions', 'payments', 'support_chats', 'support_messages', 'audit_log', 'cards', 'projects']);

/** The admin every seeded audit entry names. */
export const SCALE_STAFF_ID = 'scale-staff';

/** Statements run once, before the batches: the plans and the staff member. */
export function setupStatements(): string[] {
  return [
    `INSERT INTO services (id, title, price, amount, recurring, description, visibility, sort_order)
     VALUES ${PLANS.map((plan, i) => `('${plan.id}', '${plan.title}', '${(plan.amount / 100).toFixed(2)}', ${plan.amount}, 'month', 'Seeded for scale figures', 'hidden', ${1000 + i})`).join(', ')}`,
    `INSERT INTO users (id, name, email, email_verified, role, two_factor_enabled, created_at, updated_at)
     VALUES ('${SCALE_STAFF_ID}', 'Scale Admin', 'scale-admin@example.com', true, 'admin', true, now() - interval '3 years', now())`,
  ];
}

/**
 * The rows of customers `from`..`to` (inclusive), table by table: each customer joined up to three years ago, has
 * a card, 1 or 2 subscriptions (1.5 on average), 1 to 23 payments (12 on average, over the time since they joined),
 * a project and a chat of 1 to 15 messages (8 on average). Receipt numbers start after `receiptBase`.
 */
export function batchStatements(seed: number, from: number, to: number, receiptBase: number): { table: string; sql: string }[] {
  const g = 'g';
  const customers = `generate_series(${from}, ${to}) AS g`;
  // When customer g joined: up to three years ago.
  const joined = (row: string) => `(now() - ${draw(seed, row, 1)} * interval '1095 days')`;
  const plan = (row: string, k: number) => `(${list(PLANS.map((p) => p.id))})[${pick(seed, row, k, PLANS.length)} + 1]`;
  const planField = (row: string, k: number, field: 'title' | 'amount') =>
    field === 'title' ? `(${list(PLANS.map((p) => p.title))})[${pick(seed, row, k, PLANS.length)} + 1]` : `(ARRAY[${PLANS.map((p) => p.amount).join(', ')}])[${pick(seed, row, k, PLANS.length)} + 1]`;
  const price = (row: string, k: number) => `to_char(${planField(row, k, 'amount')} / 100.0, 'FM999990.00')`;
  const paymentCount = (row: string) => `(1 + ${pick(seed, row, 5, 23)})`;
  const messageCount = (row: string) => `(1 + ${pick(seed, row, 6, 15)})`;
  return [
    {
      table: 'users',
      sql: `INSERT INTO users (id, name, email, email_verified, phone, role, created_at, updated_at)
        SELECT 'scale-u-' || g, ${list(FIRST_NAMES)}[${pick(seed, g, 2, FIRST_NAMES.length)} + 1] || ' ' || ${list(LAST_NAMES)}[${pick(seed, g, 3, LAST_NAMES.length)} + 1],
          'scale-customer-' || g || '@example.com', true, '555 ' || lpad((${pick(seed, g, 4, 10_000_000)})::text, 7, '0'), 'customer', ${joined(g)}, ${joined(g)}
        FROM ${customers}`,
    },
    {
      table: 'cards',
      sql: `INSERT INTO cards (id, user_id, square_card_id, customer_id, status, brand, last4, exp_month, exp_year, created_at, updated_at)
        SELECT 'scale-card-' || g, 'scale-u-' || g, 'scale-sq-card-' || g, 'scale-sq-customer-' || g, 'Complete', 'VISA',
          lpad((${pick(seed, g, 7, 10_000)})::text, 4, '0'), 1 + ${pick(seed, g, 8, 12)}, extract(year FROM now())::int + 1 + ${pick(seed, g, 9, 4)}, ${joined(g)}, ${joined(g)}
        FROM ${customers}`,
    },
    {
      // The first subscription of every customer; a second for half of them. Most are active, due within a month.
      table: 'subscriptions',
      sql: `INSERT INTO subscriptions (id, user_id, status, service_id, service_title, price, amount, recurring, start_date, due_date, card_id, card_brand, card_last4, billing_anchor_day, created_at, updated_at, cancelled_at)
        SELECT 'scale-s-' || g || '-' || k, 'scale-u-' || g, s.status, ${plan(g, 10)}, ${planField(g, 10, 'title')}, ${price(g, 10)}, ${planField(g, 10, 'amount')}, 'month',
          ${joined(g)}, s.due, 'scale-card-' || g, 'VISA', lpad((${pick(seed, g, 7, 10_000)})::text, 4, '0'), extract(day FROM s.due)::int,
          ${joined(g)}, now(), CASE WHEN s.status = 'CANCELLED' THEN now() - ${draw(seed, g, 13)} * interval '300 days' END
        FROM ${customers}
        CROSS JOIN LATERAL generate_series(1, 1 + ${pick(seed, g, 11, 2)}) AS k
        CROSS JOIN LATERAL (SELECT CASE WHEN ${draw(seed, `${g} * 3 + k`, 12)} < 0.8 THEN 'ACTIVE' ELSE 'CANCELLED' END AS status,
          date_trunc('day', now()) + (1 + ${pick(seed, `${g} * 3 + k`, 14, 28)}) * interval '1 day' AS due) AS s`,
    },
    {
      // Payments spread evenly from the day the customer joined to now; one in twenty failed (no receipt).
      table: 'payments',
      sql: `INSERT INTO payments (id, user_id, idempotency_key, request_hash, status, purchase_type, service_id, service_title, price, recurring, subtotal, discount, amount,
          card_id, card_brand, card_last4, subscription_id, renewal_period, attempt, square_payment_id, failure_reason, created_at, updated_at, plan_amount, receipt_number)
        SELECT 'scale-pay-' || g || '-' || k, 'scale-u-' || g, 'scale-' || g || '-' || k, 'scale', p.status, CASE WHEN k = 1 THEN 'New Subscription' ELSE 'Renewal' END,
          ${plan(g, 10)}, ${planField(g, 10, 'title')}, ${price(g, 10)}, 'month', ${planField(g, 10, 'amount')}, 0, ${planField(g, 10, 'amount')},
          'scale-card-' || g, 'VISA', lpad((${pick(seed, g, 7, 10_000)})::text, 4, '0'), 'scale-s-' || g || '-1', CASE WHEN k > 1 THEN p.at END, 1,
          CASE WHEN p.status = 'Complete' THEN 'scale-sq-pay-' || g || '-' || k END, CASE WHEN p.status = 'Failed' THEN 'The card was declined.' END,
          p.at, p.at, ${planField(g, 10, 'amount')}, CASE WHEN p.status = 'Complete' THEN ${receiptBase} + g * 24 + k END
        FROM ${customers}
        CROSS JOIN LATERAL generate_series(1, ${paymentCount(g)}) AS k
        CROSS JOIN LATERAL (SELECT ${joined(g)} + (now() - ${joined(g)}) * (k - 1) / ${paymentCount(g)} AS at,
          CASE WHEN ${draw(seed, `${g} * 24 + k`, 15)} < 0.05 THEN 'Failed' ELSE 'Complete' END AS status) AS p`,
    },
    {
      table: 'projects',
      sql: `INSERT INTO projects (id, user_id, subscription_id, project_name, business_name, release_status, created_at, last_modified_at)
        SELECT 'scale-p-' || g, 'scale-u-' || g, 'scale-s-' || g || '-1', 'App ' || g, 'Business ' || g,
          (ARRAY['PENDING', 'PUBLISHED', 'UNPUBLISHED'])[${pick(seed, g, 16, 3)} + 1], ${joined(g)}, ${joined(g)}
        FROM ${customers}`,
    },
    {
      table: 'support_chats',
      sql: `INSERT INTO support_chats (id, user_id, reason, status, created_at, last_activity_at, last_message_text, last_messenger_type, unread_for_support, closed_at)
        SELECT 'scale-c-' || g, 'scale-u-' || g, ${list(REASONS)}[${pick(seed, g, 17, REASONS.length)} + 1], c.status, ${joined(g)}, now() - ${draw(seed, g, 18)} * (now() - ${joined(g)}),
          'Thanks', 'support', 0, CASE WHEN c.status = 'CLOSED' THEN now() - ${draw(seed, g, 18)} * (now() - ${joined(g)}) END
        FROM ${customers}
        CROSS JOIN LATERAL (SELECT CASE WHEN ${draw(seed, g, 19)} < 0.3 THEN 'OPEN' ELSE 'CLOSED' END AS status) AS c`,
    },
    {
      // Inserted oldest first within the batch, so that positions follow time as they do when messages arrive.
      table: 'support_messages',
      sql: `INSERT INTO support_messages (id, chat_id, sender_id, messenger_type, message_type, text_message, sent_at)
        SELECT 'scale-m-' || g || '-' || k, 'scale-c-' || g, CASE WHEN k % 2 = 1 THEN 'scale-u-' || g ELSE '${SCALE_STAFF_ID}' END,
          CASE WHEN k % 2 = 1 THEN 'user' ELSE 'support' END, 'text',
          ${list(PHRASES)}[${pick(seed, `${g} * 16 + k`, 20, PHRASES.length)} + 1] || ', ticket ' || g || '-' || k,
          ${joined(g)} + (now() - ${joined(g)}) * k / (${messageCount(g)} + 1)
        FROM ${customers}
        CROSS JOIN LATERAL generate_series(1, ${messageCount(g)}) AS k
        ORDER BY 7`,
    },
  ];
}

/** `count` audit entries over three years, oldest first (positions follow time), about customers 1..`customers`. */
export function auditStatement(seed: number, count: number, customers: number): string {
  const a = 'a';
  return `INSERT INTO audit_log (id, actor_id, actor_name, action, entity_type, entity_id, customer_id, after, created_at)
    SELECT 'scale-a-' || a, '${SCALE_STAFF_ID}', 'Scale Admin', ${list(AUDIT_ACTIONS)}[${pick(seed, a, 21, AUDIT_ACTIONS.length)} + 1], 'record', 'record-' || a,
      'scale-u-' || (1 + ${pick(seed, a, 22, customers)}), '{"changed": true}', now() - (${count} - a) * interval '1 second' * ${Math.max(1, Math.floor((1095 * 86_400) / count))}
    FROM generate_series(1, ${count}) AS a
    ORDER BY a`;
}

/** After the rows: the receipt counter past every seeded receipt number, and fresh statistics. */
export function finishStatements(): string[] {
  return [
    `INSERT INTO billing_counters (name, value) VALUES ('receipt', (SELECT coalesce(max(receipt_number), 0) FROM payments))
     ON CONFLICT (name) DO UPDATE SET value = greatest(billing_counters.value, EXCLUDED.value)`,
    'VACUUM ANALYZE',
  ];
}
