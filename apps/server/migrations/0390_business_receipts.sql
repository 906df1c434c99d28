-- Receipts a business can file (docs/decisions/0064): the customer's billing profile, and on each payment the
-- seller, buyer and tax details its receipt was issued with, written when the payment completes. Payments completed
-- before this have none and their receipts read as they always did.
CREATE TABLE IF NOT EXISTS billing_profiles (
  user_id text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  business_name text,
  address text,
  tax_id text,
  updated_at timestamptz NOT NULL
);

ALTER TABLE payments ADD COLUMN IF NOT EXISTS receipt_details jsonb;
