-- Lasting promo codes (decision 0062): how long a code's discount lasts and how often one customer may use it.
-- Every existing code keeps applying to the first payment only ('once').
ALTER TABLE promo_codes ADD COLUMN duration text NOT NULL DEFAULT 'once';
ALTER TABLE promo_codes ADD COLUMN duration_months integer;
ALTER TABLE promo_codes ADD COLUMN max_per_customer integer;
-- Applied before launch, when this table held no production rows: the check validated at once blocked nothing.
-- squawk-ignore constraint-missing-not-valid
ALTER TABLE promo_codes ADD CONSTRAINT promo_codes_duration_check
  CHECK (duration IN ('once', 'months', 'forever') AND ((duration = 'months') = (duration_months IS NOT NULL)));

-- The discount a subscription's renewals carry, as the code said when it was redeemed: until discount_ends_at
-- (exclusive, on the renewal's period start), or for good when that is null.
ALTER TABLE subscriptions ADD COLUMN discount_code text;
ALTER TABLE subscriptions ADD COLUMN discount_type text;
ALTER TABLE subscriptions ADD COLUMN discount_value integer;
ALTER TABLE subscriptions ADD COLUMN discount_ends_at timestamptz;

-- A plan's price change announced ahead: subscribers renew at the new price from their first renewal on or after
-- effective_at; new buyers pay it from then on (applied_at: when the plan's own price was set to it).
CREATE TABLE plan_price_changes (
  id text PRIMARY KEY,
  service_id text NOT NULL REFERENCES services(id) ON DELETE CASCADE,
  amount integer NOT NULL,
  price text NOT NULL,
  previous_amount integer NOT NULL,
  effective_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  created_by text,
  applied_at timestamptz
);
-- At most one change per plan waiting to be applied.
CREATE UNIQUE INDEX plan_price_changes_one_waiting ON plan_price_changes (service_id) WHERE applied_at IS NULL;

-- The coming price of a subscription that was told of it (the notice mail sets it in the same transaction).
ALTER TABLE subscriptions ADD COLUMN coming_price_change_id text;
ALTER TABLE subscriptions ADD COLUMN coming_amount integer;
ALTER TABLE subscriptions ADD COLUMN coming_price text;
ALTER TABLE subscriptions ADD COLUMN coming_effective_at timestamptz;

-- One notice and one reminder per change and subscription: the key that makes a second sweep a no-op.
CREATE TABLE price_change_notices (
  change_id text NOT NULL REFERENCES plan_price_changes(id) ON DELETE CASCADE,
  subscription_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('notice', 'reminder')),
  sent_at timestamptz NOT NULL,
  PRIMARY KEY (change_id, subscription_id, kind)
);
