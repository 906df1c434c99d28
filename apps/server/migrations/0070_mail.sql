-- E-mail: every message is first written here, in the transaction of the change that causes it, then sent by a
-- worker (claimed with FOR UPDATE SKIP LOCKED and a lease, so one instance sends each message).
CREATE TABLE mail_outbox (
  id uuid PRIMARY KEY,
  -- The Message-ID header: a resend after a crash carries the same one, so receivers can see the duplicate.
  message_id text NOT NULL UNIQUE,
  kind text NOT NULL,
  user_id text REFERENCES users(id) ON DELETE SET NULL,
  to_address text NOT NULL,
  subject text NOT NULL,
  html text NOT NULL,
  text_body text NOT NULL,
  attachments jsonb NOT NULL DEFAULT '[]'::jsonb,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  lease_until timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE status = 'pending';
CREATE INDEX mail_outbox_user ON mail_outbox (user_id, created_at DESC);

-- What the local mail catcher (the default SMTP server outside production) received.
CREATE TABLE mailbox_messages (
  id uuid PRIMARY KEY,
  received_at timestamptz NOT NULL DEFAULT now(),
  envelope_from text,
  envelope_to jsonb NOT NULL DEFAULT '[]'::jsonb,
  message_id text,
  subject text NOT NULL DEFAULT '',
  from_header text NOT NULL DEFAULT '',
  to_header text NOT NULL DEFAULT '',
  html text,
  text_body text,
  -- [{ filename, contentType, size, contentBase64 }]
  attachments jsonb NOT NULL DEFAULT '[]'::jsonb,
  raw_size integer NOT NULL
);
CREATE INDEX mailbox_messages_received ON mailbox_messages (received_at DESC);
