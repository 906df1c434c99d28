-- The staff overview's figures kept as they change (decision 0069), so that reading them counts a few rows instead
-- of every subscription, chat and message. Triggers append rows of change (a statement's net change per key, from
-- its transition tables) and never update a shared row, so no write waits for another; a sweep folds the rows of
-- each table into one per key (fold_overview_figures). A figure is the sum of its rows.

-- A subscription's price per year over 12 periods' worth: amount x 12 for a month (and any unknown period, as
-- periods.ts reads it), x 1 for a year, x 52 for a week, x 365 for a day. MRR is the sum of these / 12.
CREATE OR REPLACE FUNCTION subscription_yearly_x12(amount integer, recurring text) RETURNS numeric
LANGUAGE sql IMMUTABLE AS $$
  SELECT amount::numeric * CASE
    WHEN lower(trim(recurring)) IN ('year', 'yearly', 'annual', 'annually') THEN 1
    WHEN lower(trim(recurring)) IN ('week', 'weekly') THEN 52
    WHEN lower(trim(recurring)) IN ('day', 'daily') THEN 365
    ELSE 12 END
$$;

-- The first instant (UTC) of the month an instant falls in.
CREATE OR REPLACE FUNCTION month_start_utc(at timestamptz) RETURNS timestamptz
LANGUAGE sql IMMUTABLE AS $$ SELECT date_trunc('month', at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' $$;

-- When a subscription stopped counting towards MRR, set on every write (null while active): its cancellation, for
-- non-payment the last failed renewal (the one that ended the retries), else its last change. Kept on the row so
-- that the change a later write makes is taken from what was counted before.
ALTER TABLE subscriptions ADD COLUMN IF NOT EXISTS counted_until timestamptz;

CREATE OR REPLACE FUNCTION subscriptions_set_counted_until() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.counted_until := CASE
    WHEN NEW.status IN ('ACTIVE', 'ACTIVE_PENDING_UPDATE') THEN NULL
    WHEN NEW.status = 'CANCELLED' THEN coalesce(NEW.cancelled_at, NEW.updated_at)
    WHEN NEW.status = 'INACTIVE_NONPAYMENT' THEN coalesce(
      (SELECT max(p.created_at) FROM payments p WHERE p.subscription_id = NEW.id AND p.purchase_type = 'Renewal' AND p.status = 'Failed'),
      NEW.updated_at)
    ELSE NEW.updated_at END;
  RETURN NEW;
END $$;

-- Subscriptions by plan, status and whether a renewal is being retried.
CREATE TABLE IF NOT EXISTS subscription_tallies (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  service_id text NOT NULL,
  service_title text NOT NULL,
  status text NOT NULL,
  in_retry boolean NOT NULL,
  subscriptions bigint NOT NULL,
  yearly_x12 numeric NOT NULL
);

-- By month (UTC): subscriptions started, cancelled, and the change in yearly_x12 (added at a start's month, taken
-- away at the month it stopped counting). MRR at a month's end is the sum of every month's change up to it.
CREATE TABLE IF NOT EXISTS subscription_months (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  month timestamptz NOT NULL,
  started bigint NOT NULL,
  cancelled bigint NOT NULL,
  yearly_x12 numeric NOT NULL
);

-- Chats by status.
CREATE TABLE IF NOT EXISTS support_chat_tallies (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  status text NOT NULL,
  chats bigint NOT NULL
);

-- The rows a statement inserted or deleted, as a query over its transition table (new_rows, old_rows) with the sign
-- each is counted with. Run by EXECUTE, which sees the transition tables, because a statement naming a table that
-- this trigger's event lacks does not compile.
CREATE OR REPLACE FUNCTION changed_rows(operation text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE operation WHEN 'INSERT' THEN 'SELECT n.*, 1 AS sign FROM new_rows n' ELSE 'SELECT o.*, -1 AS sign FROM old_rows o' END
$$;

-- A row changed: what it was counted -1, what it is +1 (an UPDATE trigger runs it only when a counted value changed).
CREATE OR REPLACE FUNCTION changed_row() RETURNS text
LANGUAGE sql IMMUTABLE AS $$ SELECT 'SELECT ($1).*, -1 AS sign UNION ALL SELECT ($2).*, 1 AS sign' $$;

-- The statement that appends the net change of `changes` (a query of rows with their sign) to subscription_tallies
-- and subscription_months; rows whose counted values did not change (a renewal moving the due date) cancel out and
-- append nothing.
CREATE OR REPLACE FUNCTION subscription_figures_sql(changes text) RETURNS text
LANGUAGE sql IMMUTABLE AS $fn$
  SELECT format($sql$
    WITH changes AS (%s),
    tallies AS (
      INSERT INTO subscription_tallies (service_id, service_title, status, in_retry, subscriptions, yearly_x12)
      SELECT service_id, service_title, status, renewal_failures > 0, sum(sign), sum(sign * subscription_yearly_x12(amount, recurring))
      FROM changes GROUP BY 1, 2, 3, 4
      HAVING sum(sign) <> 0 OR sum(sign * subscription_yearly_x12(amount, recurring)) <> 0
    )
    INSERT INTO subscription_months (month, started, cancelled, yearly_x12)
    SELECT month, sum(started), sum(cancelled), sum(yearly_x12) FROM (
      SELECT month_start_utc(start_date) AS month, sign AS started, 0 AS cancelled, sign * subscription_yearly_x12(amount, recurring) AS yearly_x12
        FROM changes
      UNION ALL
      SELECT month_start_utc(counted_until), 0, 0, -sign * subscription_yearly_x12(amount, recurring)
        FROM changes WHERE counted_until IS NOT NULL
      UNION ALL
      SELECT month_start_utc(cancelled_at), 0, sign, 0
        FROM changes WHERE status = 'CANCELLED' AND cancelled_at IS NOT NULL
    ) AS change
    GROUP BY month HAVING sum(started) <> 0 OR sum(cancelled) <> 0 OR sum(yearly_x12) <> 0
  $sql$, changes)
$fn$;

CREATE OR REPLACE FUNCTION chat_figures_sql(changes text) RETURNS text
LANGUAGE sql IMMUTABLE AS $fn$
  SELECT format($sql$
    WITH changes AS (%s)
    INSERT INTO support_chat_tallies (status, chats)
    SELECT status, sum(sign) FROM changes GROUP BY status HAVING sum(sign) <> 0
  $sql$, changes)
$fn$;

-- Inserts and deletes are counted a statement at a time (one appended row per key for a bulk load), changes a row
-- at a time, and only those that change a counted value: most writes (a renewal moving the due date, a chat's new
-- message) leave the figures alone and run nothing.
CREATE OR REPLACE FUNCTION tally_changes() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changes text := CASE WHEN TG_LEVEL = 'ROW' THEN changed_row() ELSE changed_rows(TG_OP) END;
  statement text := CASE TG_TABLE_NAME WHEN 'subscriptions' THEN subscription_figures_sql(changes) ELSE chat_figures_sql(changes) END;
BEGIN
  IF TG_LEVEL = 'ROW' THEN
    EXECUTE statement USING OLD, NEW;
  ELSE
    EXECUTE statement;
  END IF;
  RETURN NULL;
END $$;

-- Since when a chat waits for an answer: its oldest customer message after the last staff reply (null when answered).
ALTER TABLE support_chats ADD COLUMN IF NOT EXISTS waiting_since timestamptz;

CREATE OR REPLACE FUNCTION note_chat_waiting() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  WITH batch AS (
    SELECT chat_id, max(position) FILTER (WHERE messenger_type = 'support') AS last_reply FROM new_rows GROUP BY chat_id
  ), waiting AS (
    SELECT b.chat_id, b.last_reply,
      min(m.sent_at) FILTER (WHERE m.messenger_type = 'user' AND m.position > coalesce(b.last_reply, -1)) AS first_unanswered
    FROM batch b JOIN new_rows m ON m.chat_id = b.chat_id GROUP BY b.chat_id, b.last_reply
  )
  UPDATE support_chats c
  SET waiting_since = CASE WHEN w.last_reply IS NULL THEN least(c.waiting_since, w.first_unanswered) ELSE w.first_unanswered END
  FROM waiting w
  WHERE c.id = w.chat_id
    AND c.waiting_since IS DISTINCT FROM (CASE WHEN w.last_reply IS NULL THEN least(c.waiting_since, w.first_unanswered) ELSE w.first_unanswered END);
  RETURN NULL;
END $$;

-- Failed renewals name when a subscription ended by non-payment stopped counting: its row takes the new time.
CREATE OR REPLACE FUNCTION recount_ended_by_nonpayment() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- subscriptions_set_counted_until sets the time.
  UPDATE subscriptions s SET counted_until = NULL
  WHERE s.status = 'INACTIVE_NONPAYMENT'
    AND s.id IN (SELECT subscription_id FROM new_rows WHERE purchase_type = 'Renewal' AND status = 'Failed');
  RETURN NULL;
END $$;

-- Folds each table's rows into one per key (a sweep runs it): rows appended meanwhile stay for the next fold.
CREATE OR REPLACE FUNCTION fold_overview_figures() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  WITH gone AS (DELETE FROM subscription_tallies RETURNING *)
  INSERT INTO subscription_tallies (service_id, service_title, status, in_retry, subscriptions, yearly_x12)
  SELECT service_id, service_title, status, in_retry, sum(subscriptions), sum(yearly_x12) FROM gone
  GROUP BY 1, 2, 3, 4 HAVING sum(subscriptions) <> 0 OR sum(yearly_x12) <> 0;
  WITH gone AS (DELETE FROM subscription_months RETURNING *)
  INSERT INTO subscription_months (month, started, cancelled, yearly_x12)
  SELECT month, sum(started), sum(cancelled), sum(yearly_x12) FROM gone
  GROUP BY month HAVING sum(started) <> 0 OR sum(cancelled) <> 0 OR sum(yearly_x12) <> 0;
  WITH gone AS (DELETE FROM support_chat_tallies RETURNING *)
  INSERT INTO support_chat_tallies (status, chats)
  SELECT status, sum(chats) FROM gone GROUP BY status HAVING sum(chats) <> 0;
END $$;

-- Counts every figure again from the rows themselves (the backfill below), holding off writes meanwhile.
CREATE OR REPLACE FUNCTION recount_overview_figures() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE subscriptions, support_chats IN SHARE MODE;
  DELETE FROM subscription_tallies;
  DELETE FROM subscription_months;
  DELETE FROM support_chat_tallies;
  EXECUTE subscription_figures_sql('SELECT s.*, 1 AS sign FROM subscriptions s');
  EXECUTE chat_figures_sql('SELECT c.*, 1 AS sign FROM support_chats c');
END $$;

-- The failed renewals of a subscription, for when one ended by non-payment stopped counting (the payments of one
-- subscription are otherwise found only through indexes that need a renewal period, which imported payments lack).
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX IF NOT EXISTS payments_failed_renewal_idx ON payments (subscription_id, created_at) WHERE purchase_type = 'Renewal' AND status = 'Failed';

-- What is there already. Applied before launch, when these tables held no production rows: the backfills rewrite
-- them in the file's transaction, before the triggers that count changes exist.
DROP TRIGGER IF EXISTS subscriptions_counted_until ON subscriptions;
CREATE TRIGGER subscriptions_counted_until BEFORE INSERT OR UPDATE ON subscriptions
  FOR EACH ROW EXECUTE FUNCTION subscriptions_set_counted_until();
UPDATE subscriptions SET counted_until = NULL WHERE status NOT IN ('ACTIVE', 'ACTIVE_PENDING_UPDATE');
UPDATE support_chats c SET waiting_since = (
    SELECT min(m.sent_at) FROM support_messages m
    WHERE m.chat_id = c.id AND m.messenger_type = 'user'
      AND m.position > coalesce((SELECT max(r.position) FROM support_messages r WHERE r.chat_id = c.id AND r.messenger_type = 'support'), -1))
  WHERE c.last_messenger_type = 'user';
SELECT recount_overview_figures();

DROP TRIGGER IF EXISTS subscriptions_tally_insert ON subscriptions;
CREATE TRIGGER subscriptions_tally_insert AFTER INSERT ON subscriptions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tally_changes();
DROP TRIGGER IF EXISTS subscriptions_tally_update ON subscriptions;
CREATE TRIGGER subscriptions_tally_update AFTER UPDATE ON subscriptions FOR EACH ROW
  WHEN ((OLD.status, OLD.service_id, OLD.service_title, OLD.amount, OLD.recurring, OLD.renewal_failures > 0, OLD.start_date, OLD.cancelled_at, OLD.counted_until)
    IS DISTINCT FROM (NEW.status, NEW.service_id, NEW.service_title, NEW.amount, NEW.recurring, NEW.renewal_failures > 0, NEW.start_date, NEW.cancelled_at, NEW.counted_until))
  EXECUTE FUNCTION tally_changes();
DROP TRIGGER IF EXISTS subscriptions_tally_delete ON subscriptions;
CREATE TRIGGER subscriptions_tally_delete AFTER DELETE ON subscriptions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tally_changes();
DROP TRIGGER IF EXISTS support_chats_tally_insert ON support_chats;
CREATE TRIGGER support_chats_tally_insert AFTER INSERT ON support_chats
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tally_changes();
DROP TRIGGER IF EXISTS support_chats_tally_update ON support_chats;
CREATE TRIGGER support_chats_tally_update AFTER UPDATE ON support_chats FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION tally_changes();
DROP TRIGGER IF EXISTS support_chats_tally_delete ON support_chats;
CREATE TRIGGER support_chats_tally_delete AFTER DELETE ON support_chats
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tally_changes();
DROP TRIGGER IF EXISTS support_messages_waiting ON support_messages;
CREATE TRIGGER support_messages_waiting AFTER INSERT ON support_messages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION note_chat_waiting();
DROP TRIGGER IF EXISTS payments_failed_renewal_insert ON payments;
CREATE TRIGGER payments_failed_renewal_insert AFTER INSERT ON payments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION recount_ended_by_nonpayment();
DROP TRIGGER IF EXISTS payments_failed_renewal_update ON payments;
CREATE TRIGGER payments_failed_renewal_update AFTER UPDATE ON payments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION recount_ended_by_nonpayment();

-- The oldest unanswered chat, read first.
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX IF NOT EXISTS support_chats_waiting_since_idx ON support_chats (waiting_since) WHERE status = 'OPEN' AND waiting_since IS NOT NULL;
