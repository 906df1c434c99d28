-- A completed payment's receipt mail is rendered and queued after the payment's own transaction commits, so that
-- the receipt counter row, locked from the number's issue to the commit, is held for a few statements and not while
-- the PDF and the mail render (issue 25, point 3). The completing transaction records the mail as due here; the
-- transaction that queues it removes the row, and a sweep sends what a crash left due (decision 0074).
CREATE TABLE receipt_mails_due (
  payment_id text PRIMARY KEY REFERENCES payments(id) ON DELETE CASCADE,
  due_at timestamptz NOT NULL
);
