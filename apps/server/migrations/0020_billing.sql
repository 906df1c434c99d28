-- Billing: saved cards, payments, renewals, completion steps, and the state of the local Square sandbox.

-- Renewal bookkeeping on subscriptions: when a renewal failed, how often, and when to try again.
ALTER TABLE subscriptions ADD COLUMN cancelled_at timestamptz;
ALTER TABLE subscriptions ADD COLUMN renewal_failures integer NOT NULL DEFAULT 0;
ALTER TABLE subscriptions ADD COLUMN next_renewal_attempt_at timestamptz;
-- Applied before launch, when this table held no production rows: a plain index build in the file's transaction blocked nothing.
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX subscriptions_due_idx ON subscriptions(due_date) WHERE status IN ('ACTIVE', 'ACTIVE_PENDING_UPDATE');

-- Setup steps of one subscription, copied from completion_step_templates when the subscription is created.
CREATE TABLE completion_steps (
  id text PRIMARY KEY,
  subscription_id text NOT NULL REFERENCES subscriptions(id) ON DELETE CASCADE,
  user_id text NOT NULL,
  step_index integer NOT NULL,
  step_details text NOT NULL,
  step_status text NOT NULL DEFAULT 'pending',
  completed_at timestamptz
);
CREATE INDEX completion_steps_subscription_idx ON completion_steps(subscription_id, step_index);

-- The user's Square customer (made once) and default card (spec §3 Users.CustomerId, DefaultCard).
CREATE TABLE billing_customers (
  user_id text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  square_customer_id text NOT NULL,
  default_card_id text,
  default_card_set_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Saved cards (spec §3 Cards). square_card_id holds the card token until Square has made the card.
CREATE TABLE cards (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  square_card_id text NOT NULL,
  customer_id text,
  status text NOT NULL CHECK (status IN ('PendingSquareCreation', 'Complete', 'Error')),
  brand text,
  last4 text,
  exp_month integer,
  exp_year integer,
  failure_reason text,
  lease_until timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX cards_user_idx ON cards(user_id, created_at DESC);
CREATE INDEX cards_pending_idx ON cards(created_at) WHERE status = 'PendingSquareCreation';

-- Payments (spec §3 Payments, UserPayments). Amounts in cents, computed by the server.
CREATE TABLE payments (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  idempotency_key text NOT NULL,
  request_hash text NOT NULL,
  status text NOT NULL CHECK (status IN ('Pending', 'Complete', 'Failed')),
  purchase_type text NOT NULL CHECK (purchase_type IN ('New Subscription', 'Reactivation', 'Renewal')),
  service_id text NOT NULL,
  service_title text NOT NULL,
  price text NOT NULL,
  recurring text NOT NULL,
  subtotal integer NOT NULL CHECK (subtotal >= 0),
  discount integer NOT NULL DEFAULT 0 CHECK (discount >= 0),
  amount integer NOT NULL CHECK (amount >= 0),
  promo_code text,
  applied_deal jsonb,
  card_id text,
  card_square_id text,
  card_brand text,
  card_last4 text,
  customer_id text,
  customer_name text,
  customer_email text,
  -- The subscription created (new, set on completion), reactivated or renewed.
  subscription_id text REFERENCES subscriptions(id) ON DELETE SET NULL,
  -- Renewals: the due date this payment pays for, and which attempt at it this is.
  renewal_period timestamptz,
  attempt integer NOT NULL DEFAULT 1,
  square_payment_id text,
  failure_reason text,
  lease_until timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (user_id, idempotency_key)
);
CREATE INDEX payments_user_idx ON payments(user_id, created_at DESC);
CREATE INDEX payments_pending_idx ON payments(created_at) WHERE status = 'Pending';
-- One live (pending or complete) renewal payment per subscription per period, whatever the number of instances.
CREATE UNIQUE INDEX payments_one_renewal_per_period ON payments(subscription_id, renewal_period)
  WHERE renewal_period IS NOT NULL AND status <> 'Failed';
CREATE UNIQUE INDEX payments_renewal_attempt ON payments(subscription_id, renewal_period, attempt)
  WHERE renewal_period IS NOT NULL;
-- One reactivation in flight per subscription.
CREATE UNIQUE INDEX payments_one_pending_reactivation ON payments(subscription_id)
  WHERE purchase_type = 'Reactivation' AND status = 'Pending';

-- The local Square sandbox (SQUARE_ENVIRONMENT=local) keeps what Square would keep.
CREATE TABLE square_sandbox_nonces (
  nonce text PRIMARY KEY,
  brand text NOT NULL,
  last4 text NOT NULL,
  bin text NOT NULL,
  exp_month integer NOT NULL,
  exp_year integer NOT NULL,
  outcome text NOT NULL,
  created_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE TABLE square_sandbox_customers (
  id text PRIMARY KEY,
  body jsonb NOT NULL
);

CREATE TABLE square_sandbox_cards (
  id text PRIMARY KEY,
  customer_id text NOT NULL,
  body jsonb NOT NULL
);

CREATE TABLE square_sandbox_payments (
  id text PRIMARY KEY,
  reference_id text,
  body jsonb NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX square_sandbox_payments_reference_idx ON square_sandbox_payments(reference_id);

-- Square's idempotency: per endpoint and key, the request's fingerprint and the first answer.
CREATE TABLE square_sandbox_idempotency (
  endpoint text NOT NULL,
  idempotency_key text NOT NULL,
  request_hash text NOT NULL,
  status_code integer NOT NULL,
  response jsonb NOT NULL,
  PRIMARY KEY (endpoint, idempotency_key)
);
