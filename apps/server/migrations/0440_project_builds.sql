-- A project's build, visible and approved (issue 27). Staff move a project through stages copied from templates
-- (Design, Build, Review, Store submission, Published), attach previews to a stage that the customer approves or
-- sends back with a comment and marked-up screenshots, and the customer fills the details the app stores need.
-- All tables are new and empty: creating them and their indexes takes no lock on a table in use.

-- The stages every new project starts with, in order. `expected_days` after the previous stage is reached, the next
-- is expected; `launches` marks the stage whose reaching publishes the project (decision 0075).
CREATE TABLE project_stage_templates (
  id text PRIMARY KEY,
  position integer NOT NULL,
  name text NOT NULL,
  expected_days integer,
  launches boolean NOT NULL DEFAULT false,
  demo boolean NOT NULL DEFAULT false
);

-- One project's stages: copied from the templates when the project is created, then edited for that project.
CREATE TABLE project_stages (
  id text PRIMARY KEY,
  project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  position integer NOT NULL,
  name text NOT NULL,
  launches boolean NOT NULL DEFAULT false,
  expected_at timestamptz,
  reached_at timestamptz,
  approved_at timestamptz,
  approved_by text REFERENCES users(id) ON DELETE SET NULL
);
CREATE INDEX project_stages_of_project ON project_stages (project_id, position);

-- The review of a stage, in rounds: staff post a preview (a new round), the customer approves it or asks for
-- changes, once per round. Names are kept as they were when the entry was written, so the history reads the same
-- after a team member leaves. `attachments` lists upload ids: the preview's images and video, or the customer's
-- marked-up screenshots.
CREATE TABLE project_reviews (
  id text PRIMARY KEY,
  project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  stage_id text NOT NULL REFERENCES project_stages(id) ON DELETE CASCADE,
  round integer NOT NULL,
  kind text NOT NULL CHECK (kind IN ('preview', 'approved', 'changes_requested')),
  author_id text REFERENCES users(id) ON DELETE SET NULL,
  author_role text NOT NULL CHECK (author_role IN ('customer', 'staff')),
  author_name text NOT NULL,
  comment text NOT NULL DEFAULT '',
  link text,
  attachments jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz NOT NULL
);
CREATE INDEX project_reviews_of_project ON project_reviews (project_id, created_at, id);
-- One preview and at most one decision per round of a stage.
CREATE UNIQUE INDEX project_reviews_one_preview_a_round ON project_reviews (stage_id, round) WHERE kind = 'preview';
CREATE UNIQUE INDEX project_reviews_one_decision_a_round ON project_reviews (stage_id, round) WHERE kind <> 'preview';

-- What the app stores need, filled by the customer. Empty text is a field not filled yet: the listing is saved as a
-- draft and its completeness is worked out when it is read. `screenshots` maps a device size to upload ids.
CREATE TABLE project_store_listings (
  project_id text PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
  app_name text NOT NULL DEFAULT '',
  short_description text NOT NULL DEFAULT '',
  full_description text NOT NULL DEFAULT '',
  keywords text NOT NULL DEFAULT '',
  support_url text NOT NULL DEFAULT '',
  privacy_url text NOT NULL DEFAULT '',
  category text NOT NULL DEFAULT '',
  icon_upload_id text,
  screenshots jsonb NOT NULL DEFAULT '{}'::jsonb,
  updated_at timestamptz NOT NULL,
  updated_by text REFERENCES users(id) ON DELETE SET NULL
);

-- The stages a portal starts with (defaults, not demo content: a portal in production starts with them too); staff
-- edit them in the console.
INSERT INTO project_stage_templates (id, position, name, expected_days, launches, demo) VALUES
  ('stage-design', 0, 'Design', 7, false, false),
  ('stage-build', 1, 'Build', 14, false, false),
  ('stage-review', 2, 'Review', 5, false, false),
  ('stage-store-submission', 3, 'Store submission', 3, false, false),
  ('stage-published', 4, 'Published', 7, true, false)
ON CONFLICT (id) DO NOTHING;
