-- Staff search the words of messages (issue 23 point 5). PostgreSQL full text over the English stems of each text
-- message: an expression index (no stored column: the table is large and the vector is only read through it).
-- The search's WHERE must use this exact expression for the planner to use the index.
-- Applied before launch, when this table held no production rows: a plain index build in the file's transaction blocked nothing.
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX IF NOT EXISTS support_messages_words_idx
  ON support_messages USING gin (to_tsvector('english'::regconfig, coalesce(text_message, '')));
