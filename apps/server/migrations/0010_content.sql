-- Content that staff or the importer maintain (spec §3), keyed by the ids of the original export so that a
-- re-import upserts.
CREATE TABLE services (
  id text PRIMARY KEY,
  title text NOT NULL,
  price text NOT NULL,                       -- display string, e.g. "49.99"
  amount integer NOT NULL CHECK (amount >= 0), -- cents
  recurring text NOT NULL DEFAULT 'month',
  description text,
  visibility text NOT NULL DEFAULT 'visible',
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE promo_codes (
  code text PRIMARY KEY,                     -- stored upper-case
  type text NOT NULL CHECK (type IN ('percent', 'amount')),
  value integer NOT NULL CHECK (value > 0),  -- percent 1..100, or cents off
  active boolean NOT NULL DEFAULT true,
  expires_at timestamptz,
  service_ids text[],                        -- null: every plan
  max_redemptions integer CHECK (max_redemptions IS NULL OR max_redemptions > 0),
  redemptions integer NOT NULL DEFAULT 0,
  CHECK (type <> 'percent' OR value <= 100)
);

CREATE TABLE completion_step_templates (
  id text PRIMARY KEY,
  step_index integer NOT NULL,
  step_details text NOT NULL
);

CREATE TABLE form_items (
  id text PRIMARY KEY,
  prompt text NOT NULL,
  type text NOT NULL,
  sort_order integer NOT NULL DEFAULT 0,
  is_required boolean NOT NULL DEFAULT false,
  options jsonb NOT NULL DEFAULT '[]'::jsonb,  -- [{ "id", "text" }]
  max_images integer
);

CREATE TABLE featured_banners (
  id text PRIMARY KEY,
  image_url text NOT NULL,
  link_url text,
  time_created timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE faqs (
  id text PRIMARY KEY,
  question text NOT NULL,
  answer text NOT NULL,
  sort_order integer NOT NULL DEFAULT 0
);

CREATE TABLE help_guides (
  id text PRIMARY KEY,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  category text NOT NULL DEFAULT '',
  user_level text NOT NULL DEFAULT 'beginner',
  console_types text[] NOT NULL DEFAULT '{}',
  navigation text NOT NULL DEFAULT '',
  how_to_use text NOT NULL DEFAULT '',
  tags text[] NOT NULL DEFAULT '{}',
  last_updated timestamptz
);

CREATE TABLE projects (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  subscription_id text REFERENCES subscriptions(id) ON DELETE SET NULL,
  project_name text NOT NULL,
  business_name text NOT NULL DEFAULT '',
  business_logo text,
  client_notes text,
  release_status text NOT NULL DEFAULT 'PENDING',
  created_at timestamptz NOT NULL DEFAULT now(),
  last_modified_at timestamptz NOT NULL DEFAULT now(),
  published_at timestamptz,
  play_store_url text,
  app_store_url text,
  website_url text,
  apk_download_url text
);
CREATE INDEX projects_user_idx ON projects(user_id, created_at DESC);

CREATE TABLE account_deletion_requests (
  id text PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  reason text,
  status text NOT NULL DEFAULT 'pending',
  requested_at timestamptz NOT NULL DEFAULT now(),
  user_id text NOT NULL                      -- the user's id, or 'guest'
);
