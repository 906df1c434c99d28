-- Each project e-mail of issue 27 can be turned off on its own: a new preview to review, a copy of the customer's own
-- decision, and a stage reached. The launch keeps its "Project published" switch (project_updates). A constant
-- default adds the columns without rewriting the table.
ALTER TABLE mail_preferences ADD COLUMN IF NOT EXISTS project_previews boolean NOT NULL DEFAULT true;
ALTER TABLE mail_preferences ADD COLUMN IF NOT EXISTS project_decisions boolean NOT NULL DEFAULT true;
ALTER TABLE mail_preferences ADD COLUMN IF NOT EXISTS project_stages boolean NOT NULL DEFAULT true;
