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
ALTER TABLE payments ADD CONSTRAINT payments_purchase_type_check
  CHECK (purchase_type IN ('New Subscription', 'Reactivation', 'Renewal', 'Plan Change'));
-- The period an upgrade charge covers (from the change to this due date), and the new plan's price per period.
ALTER TABLE payments ADD COLUMN period_end timestamptz;
ALTER TABLE payments ADD COLUMN plan_amount integer CHECK (plan_amount >= 0);
-- One change at a time: one plan change in flight per subscription.
CREATE UNIQUE INDEX payments_one_pending_change ON payments(subscription_id)
  WHERE purchase_type = 'Plan Change' AND status = 'Pending';
-- The renewal sweep skips subscriptions that have any payment in flight.
CREATE INDEX payments_pending_subscription_idx ON payments(subscription_id) WHERE status = 'Pending';
