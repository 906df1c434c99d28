-- Staff invite staff from the console: a one-time link (only its SHA-256 is kept) that sets a name and password.
CREATE TABLE staff_invitations (
  id text PRIMARY KEY,
  email text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  invited_by_id text REFERENCES users(id) ON DELETE SET NULL,
  invited_by_name text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  used_by_id text REFERENCES users(id) ON DELETE SET NULL
);
-- The team page lists the open ones, newest first.
CREATE INDEX staff_invitations_open_idx ON staff_invitations(expires_at DESC) WHERE used_at IS NULL;
