-- The last TOTP time step taken for the account (decision 0055): a code of that step or an earlier one is refused,
-- so a code works once. Null: none taken since the secret was issued.
ALTER TABLE two_factors ADD COLUMN IF NOT EXISTS last_totp_step bigint;
