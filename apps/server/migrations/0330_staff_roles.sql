-- Staff are agents or admins (decision 0058). Everyone who was staff could do everything, so they become admins.
ALTER TABLE users DROP CONSTRAINT users_role_check;
UPDATE users SET role = 'admin' WHERE role = 'staff';
-- Applied before launch, when this table held no production rows: the check validated at once blocked nothing.
-- squawk-ignore constraint-missing-not-valid
ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('customer', 'agent', 'admin'));

-- An invitation names the role its address gets. Those still open were made when staff meant admin.
ALTER TABLE staff_invitations ADD COLUMN role text NOT NULL DEFAULT 'admin' CHECK (role IN ('agent', 'admin'));
ALTER TABLE staff_invitations ALTER COLUMN role DROP DEFAULT;

-- The audit page: every entry newest first, or only one staff member's, or only some kinds of change.
-- Applied before launch, when this table held no production rows: a plain index build in the file's transaction blocked nothing.
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX audit_log_page_idx ON audit_log(position DESC, id DESC);
-- Applied before launch, when this table held no production rows: a plain index build in the file's transaction blocked nothing.
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX audit_log_actor_page_idx ON audit_log(actor_id, position DESC, id DESC);
-- Applied before launch, when this table held no production rows: a plain index build in the file's transaction blocked nothing.
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX audit_log_action_page_idx ON audit_log(action, position DESC, id DESC);
