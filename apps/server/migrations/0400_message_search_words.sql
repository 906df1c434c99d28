-- Message search (decision 0066): the words of each message kept next to it, so that matching a message read in
-- order costs a lookup instead of parsing its text, and an index on the messages' order for reading the newest
-- first. The words index moves from the expression (migration 0360) to the column.
-- Applied before launch, when this table held no production rows: the rewrite and the plain index builds in the
-- file's transaction blocked nothing.
-- squawk-ignore adding-field-with-default
ALTER TABLE support_messages ADD COLUMN IF NOT EXISTS words tsvector GENERATED ALWAYS AS (to_tsvector('english'::regconfig, coalesce(text_message, ''))) STORED;
-- squawk-ignore require-concurrent-index-deletion
DROP INDEX IF EXISTS support_messages_words_idx;
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX IF NOT EXISTS support_messages_words_idx ON support_messages USING gin (words);
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX IF NOT EXISTS support_messages_newest_idx ON support_messages(position DESC, id DESC);
