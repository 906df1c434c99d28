-- Renewal reminders: a preference beside the others (on unless turned off), and one row per subscription and due
-- date, written in the transaction that queues the mail, so that any number of sweeps send one reminder a period.
ALTER TABLE mail_preferences ADD COLUMN IF NOT EXISTS renewal_reminders boolean NOT NULL DEFAULT true;

CREATE TABLE IF NOT EXISTS renewal_reminders (
  subscription_id text NOT NULL REFERENCES subscriptions(id) ON DELETE CASCADE,
  due_date timestamptz NOT NULL,
  sent_at timestamptz NOT NULL,
  PRIMARY KEY (subscription_id, due_date)
);
