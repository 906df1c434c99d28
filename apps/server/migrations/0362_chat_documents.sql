-- PDF documents can be sent in chats both ways (issue 23 point 5): a fourth message type, beside text, image and
-- video, for messages and for the chat's copy of its last message.
ALTER TABLE support_messages DROP CONSTRAINT IF EXISTS support_messages_message_type_check;
-- Applied before launch, when this table held no production rows: the check validated at once blocked nothing.
-- squawk-ignore constraint-missing-not-valid
ALTER TABLE support_messages ADD CONSTRAINT support_messages_message_type_check
  CHECK (message_type IN ('text', 'image', 'video', 'document'));
ALTER TABLE support_chats DROP CONSTRAINT IF EXISTS support_chats_last_message_type_check;
-- Applied before launch, when this table held no production rows: the check validated at once blocked nothing.
-- squawk-ignore constraint-missing-not-valid
ALTER TABLE support_chats ADD CONSTRAINT support_chats_last_message_type_check
  CHECK (last_message_type IN ('text', 'image', 'video', 'document'));
