-- Guards of a purchase that two checkouts could otherwise pass at once (docs/decisions/0014).

-- A limited promo code counts its redemptions plus the Pending payments that hold one (its reservations).
-- Applied before launch, when this table held no production rows: a plain index build in the file's transaction blocked nothing.
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX payments_pending_promo_idx ON payments(promo_code) WHERE status = 'Pending' AND promo_code IS NOT NULL;

-- One purchase per plan: a checkout looks for the user's purchase of the plan still in flight, then for an active
-- subscription of it.
-- Applied before launch, when this table held no production rows: a plain index build in the file's transaction blocked nothing.
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX payments_pending_purchase_idx ON payments(user_id, service_id) WHERE status = 'Pending';
-- Applied before launch, when this table held no production rows: a plain index build in the file's transaction blocked nothing.
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX subscriptions_user_plan_idx ON subscriptions(user_id, service_id);
