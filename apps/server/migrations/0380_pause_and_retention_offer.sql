-- Pause instead of cancel (decision 0063): a PAUSED subscription keeps when it was paused and when it resumes by
-- itself; the resume sweep finds the due ones through the partial index.
ALTER TABLE subscriptions ADD COLUMN IF NOT EXISTS paused_at timestamptz;
ALTER TABLE subscriptions ADD COLUMN IF NOT EXISTS resumes_at timestamptz;
-- Applied before launch, when this table held no production rows: a plain index build in the file's transaction blocked nothing.
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX IF NOT EXISTS subscriptions_paused_resumes_at ON subscriptions (resumes_at) WHERE status = 'PAUSED';

-- An accepted retention offer: the percentage off and how many coming renewals it still lowers.
ALTER TABLE subscriptions ADD COLUMN IF NOT EXISTS offer_percent_off smallint;
ALTER TABLE subscriptions ADD COLUMN IF NOT EXISTS offer_renewals_left smallint NOT NULL DEFAULT 0;

-- The one retention offer staff define (a single row).
CREATE TABLE IF NOT EXISTS retention_offer (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  percent_off smallint NOT NULL CHECK (percent_off BETWEEN 1 AND 100),
  renewals smallint NOT NULL CHECK (renewals BETWEEN 1 AND 12),
  active boolean NOT NULL,
  updated_at timestamptz NOT NULL
);

-- Each subscription is shown the offer at most once: the primary key holds it under concurrent requests.
CREATE TABLE IF NOT EXISTS retention_offer_outcomes (
  subscription_id text PRIMARY KEY REFERENCES subscriptions(id) ON DELETE CASCADE,
  percent_off smallint NOT NULL,
  renewals smallint NOT NULL,
  shown_at timestamptz NOT NULL,
  accepted_at timestamptz
);
