-- The place in the portal a setup step names (issue 28): the step links there, and a step whose place is the
-- questionnaire is completed when the questionnaire is submitted. Copied from the template with the step.
ALTER TABLE completion_step_templates ADD COLUMN IF NOT EXISTS place text;
ALTER TABLE completion_steps ADD COLUMN IF NOT EXISTS place text;
