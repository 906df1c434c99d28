-- When the session's password (or Google sign-in) was last confirmed: its sign-in, or a later confirmation asked for
-- before a sensitive change (decision 0049). Empty for sessions made before this column: their sign-in counts.
ALTER TABLE sessions ADD COLUMN authenticated_at timestamptz;
