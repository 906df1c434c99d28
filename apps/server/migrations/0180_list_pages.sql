-- Lists are read a page at a time by keyset (sort key, then id): each list's order gets an index that serves it.
-- Applied before launch, when this table held no production rows: a plain index build in the file's transaction blocked nothing.
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX IF NOT EXISTS support_chats_user_page_idx ON support_chats(user_id, last_activity_at DESC, id DESC);
-- Applied before launch, when this table held no production rows: a plain index build in the file's transaction blocked nothing.
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX IF NOT EXISTS support_messages_chat_page_idx ON support_messages(chat_id, position DESC, id DESC);
-- Applied before launch, when this table held no production rows: a plain index build in the file's transaction blocked nothing.
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX IF NOT EXISTS projects_user_page_idx ON projects(user_id, created_at DESC, id DESC);
-- Applied before launch, when this table held no production rows: a plain index build in the file's transaction blocked nothing.
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX IF NOT EXISTS subscriptions_user_page_idx ON subscriptions(user_id, start_date DESC, id DESC);
-- Applied before launch, when this table held no production rows: a plain index build in the file's transaction blocked nothing.
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX IF NOT EXISTS cards_user_page_idx ON cards(user_id, created_at DESC, id DESC);
