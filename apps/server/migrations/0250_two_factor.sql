-- A second factor (better-auth's two-factor plugin, decision 0050): an authenticator app's secret and the recovery
-- codes, both encrypted with AUTH_SECRET; `verified` stays false until the first code from the app is confirmed.
ALTER TABLE users ADD COLUMN two_factor_enabled boolean NOT NULL DEFAULT false;
CREATE TABLE two_factors (
  id text PRIMARY KEY,
  user_id text NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
  secret text NOT NULL,
  backup_codes text NOT NULL,
  verified boolean NOT NULL DEFAULT true,
  failed_verification_count integer NOT NULL DEFAULT 0,
  locked_until timestamptz
);
