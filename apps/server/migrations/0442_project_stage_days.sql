-- A project's stage keeps its template's days (a template changed or deleted later does not change a project's
-- stages), so that reaching the stage before it can date it; a date staff set by hand is not replaced.
-- Constant defaults: the columns are added without rewriting the table.
ALTER TABLE project_stages ADD COLUMN IF NOT EXISTS expected_days integer;
ALTER TABLE project_stages ADD COLUMN IF NOT EXISTS expected_by_hand boolean NOT NULL DEFAULT false;
