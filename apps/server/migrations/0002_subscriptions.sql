-- A customer's subscription to a plan (spec §3 UserSubscriptions). Plan fields are copied at purchase so that
-- later plan edits do not rewrite what a customer bought.
CREATE TABLE subscriptions (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  status text NOT NULL,
  service_id text NOT NULL,
  service_title text NOT NULL,
  price text NOT NULL,
  amount integer NOT NULL CHECK (amount >= 0),
  recurring text NOT NULL,
  start_date timestamptz NOT NULL,
  due_date timestamptz NOT NULL,
  card_id text,
  card_brand text,
  card_last4 text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX subscriptions_user_idx ON subscriptions(user_id, start_date DESC);
