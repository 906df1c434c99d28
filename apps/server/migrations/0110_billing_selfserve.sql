-- Self-serve billing: plan changes, dunning in the portal.

-- A downgrade waits for the next due date (status ACTIVE_PENDING_UPDATE); the plan it changes to is kept here.
ALTER TABLE subscriptions ADD COLUMN pending_service_id text;
ALTER TABLE subscriptions ADD COLUMN pending_service_title text;
ALTER TABLE subscriptions ADD COLUMN pending_price text;
ALTER TABLE subscriptions ADD COLUMN pending_amount integer CHECK (pending_amount >= 0);
ALTER TABLE subscriptions ADD COLUMN pending_recurring text;
-- Why the last renewal attempt failed (the dunning banner's reason); cleared by a paid renewal.
ALTER TABLE subscriptions ADD COLUMN renewal_failure_reason text;

-- An upgrade is charged now as a 'Plan Change' payment for the rest of the period.
ALTER TABLE payments DROP CONSTRAINT payments_purchase_type_check;
-- Applied before launch, when this table held no production rows: the check validated at once blocked nothing.
-- squawk-ignore constraint-missing-not-valid
ALTER TABLE payments ADD CONSTRAINT payments_purchase_type_check
  CHECK (purchase_type IN ('New Subscription', 'Reactivation', 'Renewal', 'Plan Change'));
-- The period an upgrade charge covers (from the change to this due date), and the new plan's price per period.
ALTER TABLE payments ADD COLUMN period_end timestamptz;
ALTER TABLE payments ADD COLUMN plan_amount integer CHECK (plan_amount >= 0);
-- One change at a time: one plan change in flight per subscription.
-- Applied before launch, when this table held no production rows: a plain index build in the file's transaction blocked nothing.
-- squawk-ignore require-concurrent-index-creation
CREATE UNIQUE INDEX payments_one_pending_change ON payments(subscription_id)
  WHERE purchase_type = 'Plan Change' AND status = 'Pending';
-- The renewal sweep skips subscriptions that have any payment in flight.
-- Applied before launch, when this table held no production rows: a plain index build in the file's transaction blocked nothing.
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX payments_pending_subscription_idx ON payments(subscription_id) WHERE status = 'Pending';

-- Receipts: every completed payment gets the next receipt number, taken from a counter row under its lock in the
-- transaction that completes the payment (so numbers are sequential, without gaps, and never reused).
CREATE TABLE billing_counters (
  name text PRIMARY KEY,
  value bigint NOT NULL
);
-- Applied before launch, when this table held no production rows: a unique constraint built at once blocked nothing.
-- squawk-ignore disallowed-unique-constraint
ALTER TABLE payments ADD COLUMN receipt_number integer UNIQUE;
UPDATE payments SET receipt_number = numbered.n
  FROM (SELECT id, row_number() OVER (ORDER BY updated_at, id) AS n FROM payments WHERE status = 'Complete') AS numbered
  WHERE payments.id = numbered.id;
INSERT INTO billing_counters (name, value) SELECT 'receipt', COALESCE(MAX(receipt_number), 0) FROM payments;
-- Payment history pages newest first by (created_at, id).
-- Applied before launch, when this table held no production rows: a plain index build in the file's transaction blocked nothing.
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX payments_user_keyset_idx ON payments(user_id, created_at DESC, id DESC);

-- Refunds made by staff through Square's Refunds API. The refund's id is Square's idempotency key.
CREATE TABLE refunds (
  id text PRIMARY KEY,
  payment_id text NOT NULL REFERENCES payments(id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  amount integer NOT NULL CHECK (amount > 0),
  reason text NOT NULL,
  status text NOT NULL CHECK (status IN ('Pending', 'Complete', 'Failed')),
  idempotency_key text NOT NULL UNIQUE,
  square_refund_id text,
  failure_reason text,
  staff_id text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX refunds_payment_idx ON refunds(payment_id);

-- The local Square sandbox keeps refunds as Square would (Refunds API).
CREATE TABLE square_sandbox_refunds (
  id text PRIMARY KEY,
  payment_id text NOT NULL,
  body jsonb NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX square_sandbox_refunds_payment_idx ON square_sandbox_refunds(payment_id);

-- Why a customer cancelled (asked at cancellation, shown to staff).
ALTER TABLE subscriptions ADD COLUMN cancel_reason text;
ALTER TABLE subscriptions ADD COLUMN cancel_comment text;
