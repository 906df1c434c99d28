-- A NOTIFY channel belongs to the whole database, a table to one schema: portals in two schemas of one database (two
-- deployments, or CI's test files running side by side, each in a schema of its own) would hear each other's
-- changes. A channel is named after the schema it serves; the public schema keeps the plain name. Both sides ask
-- this function: the notifying SQL and the listening connection, so they agree on whatever search_path says.
CREATE OR REPLACE FUNCTION portal_channel(name text) RETURNS text AS $f$
  -- pg_notify refuses a name of 64 bytes or more; LISTEN cuts an identifier to 63.
  SELECT CASE WHEN current_schema() = 'public' THEN name ELSE left(name || ':' || current_schema(), 63) END
$f$ LANGUAGE sql STABLE;

CREATE OR REPLACE FUNCTION notify_session_change() RETURNS trigger AS $f$
BEGIN
  PERFORM pg_notify(portal_channel('portal_session_changes'), to_jsonb(OLD) ->> TG_ARGV[0]);
  RETURN NULL;
END
$f$ LANGUAGE plpgsql;
