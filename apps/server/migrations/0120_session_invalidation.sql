-- Every change to a user or a session tells each instance which user's cached sessions to forget: sign-out,
-- "sign out of other devices", a password reset, a role change, a new name or e-mail, a deleted account. Triggers
-- catch every path that writes these tables (better-auth, the modules, the CLI, a person with psql). NOTIFY is
-- delivered when the writing transaction commits, and not at all if it rolls back. The trigger's argument names
-- the column that holds the user id.
CREATE OR REPLACE FUNCTION notify_session_change() RETURNS trigger AS $f$
BEGIN
  PERFORM pg_notify('portal_session_changes', to_jsonb(OLD) ->> TG_ARGV[0]);
  RETURN NULL;
END
$f$ LANGUAGE plpgsql;

CREATE TRIGGER users_notify_session_change AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_session_change('id');
CREATE TRIGGER sessions_notify_session_change AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_session_change('user_id');
