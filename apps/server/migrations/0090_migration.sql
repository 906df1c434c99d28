-- Moving from the original system (docs/decisions/0023): which original storage path became which file, so that a
-- second run copies nothing twice and every record keeps pointing at the same /api/files/{id}.
CREATE TABLE migration_files (
  original_path text PRIMARY KEY,
  upload_id text NOT NULL,
  size bigint NOT NULL,
  migrated_at timestamptz NOT NULL DEFAULT now()
);
