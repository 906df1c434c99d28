-- When each session was last used, and the time zone its browser reports (display only: "Europe/Paris" stands for
-- an approximate place; nothing trusts it). Kept beside the sessions rather than in them: the sessions trigger
-- (0120) makes every instance forget the account's cached sessions on each change, which a write of the last
-- activity must not do. The row goes with its session.
CREATE TABLE session_activity (
  session_id text PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
  last_active_at timestamptz NOT NULL,
  time_zone text
);
