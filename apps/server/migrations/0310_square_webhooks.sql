-- Square's webhooks (issue 24 item 7, decision 0056).

-- Every event received, by Square's event id: recording it in the transaction that applies it makes a repeat (Square
-- retries, or delivers twice at once) change nothing.
CREATE TABLE square_webhook_events (
  event_id text PRIMARY KEY,
  type text NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('applied', 'ignored')),
  payment_id text,
  received_at timestamptz NOT NULL
);

-- Refunds made in Square's Dashboard come in by webhook; the portal's own are matched to theirs by Square's id.
ALTER TABLE refunds ADD COLUMN origin text NOT NULL DEFAULT 'portal' CHECK (origin IN ('portal', 'square'));
-- Applied before launch, when this table held no production rows: a plain index build in the file's transaction blocked nothing.
-- squawk-ignore require-concurrent-index-creation
CREATE UNIQUE INDEX refunds_square_refund_idx ON refunds(square_refund_id) WHERE square_refund_id IS NOT NULL;
-- Payments are found by Square's id when its events arrive.
-- Applied before launch, when this table held no production rows: a plain index build in the file's transaction blocked nothing.
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX payments_square_payment_idx ON payments(square_payment_id) WHERE square_payment_id IS NOT NULL;

-- Chargebacks a cardholder opened with their bank, by Square's dispute id; `version` (Square's) orders updates that
-- arrive out of order.
CREATE TABLE payment_disputes (
  id text PRIMARY KEY,
  payment_id text NOT NULL REFERENCES payments(id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  state text NOT NULL,
  reason text NOT NULL,
  amount integer NOT NULL CHECK (amount >= 0),
  due_at timestamptz,
  version integer NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX payment_disputes_payment_idx ON payment_disputes(payment_id, created_at DESC);
CREATE INDEX payment_disputes_open_idx ON payment_disputes(created_at DESC)
  WHERE state NOT IN ('INQUIRY_CLOSED', 'WON', 'LOST', 'ACCEPTED');

-- The local Square sandbox's disputes, kept as Square would.
CREATE TABLE square_sandbox_disputes (
  id text PRIMARY KEY,
  payment_id text NOT NULL,
  body jsonb NOT NULL,
  created_at timestamptz NOT NULL
);
