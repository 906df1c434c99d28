-- The portfolio's entries and the landing page's "Trusted by" names were written into the web app, invented. They
-- are content now: staff edit them in the console, the import and export carry them, the demo content fills them.
CREATE TABLE portfolio_entries (
  id text PRIMARY KEY,
  name text NOT NULL,
  kind text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  image_url text,
  image_alt text NOT NULL DEFAULT '',
  app_store_url text,
  play_store_url text,
  website_url text,
  sort_order integer NOT NULL DEFAULT 0,
  demo boolean NOT NULL DEFAULT false
);

CREATE TABLE trusted_businesses (
  id text PRIMARY KEY,
  name text NOT NULL,
  sort_order integer NOT NULL DEFAULT 0,
  demo boolean NOT NULL DEFAULT false
);
