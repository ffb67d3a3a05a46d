-- At-least-once payment confirmations (issue 28, items 5 and 6a).

-- ---------------------------------------------------------------------------------------------
-- The payment provider's notifications (the sandbox stands in for it): written in the transaction that
-- records its payment, so a payment is never recorded without the notification that tells the portal. The
-- instance that recorded it delivers it at once; one that got no 2xx, or died before it could deliver, leaves
-- it due again at next_attempt_at, and any instance delivers it then, as a real provider retries a webhook
-- with back-off. attempts counts the attempts claimed; a claim moves next_attempt_at on to the following
-- retry (null after the last), so an instance that dies mid-attempt leaves it due again, and no other
-- instance takes it meanwhile. The body keeps its event id on every attempt; the signature is made anew for
-- each, since a signature goes stale after 300 s.

create table sandbox_notifications (
  id bigserial primary key,
  ref text not null references sandbox_payments (ref) on delete cascade,
  body text not null,
  created_at timestamptz not null default now(),
  attempts int not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz,
  last_attempt_at timestamptz,
  -- The HTTP status of the last attempt; null when it had none (the delivery threw, or none was made yet).
  last_status int,
  last_error text,
  delivered_at timestamptz
);
create index sandbox_notifications_due_idx on sandbox_notifications (next_attempt_at) where delivered_at is null;
create index sandbox_notifications_ref_idx on sandbox_notifications (ref);

-- ---------------------------------------------------------------------------------------------
-- Reconciliation: an open order is asked about at the provider by one instance at a time. An instance claims
-- an order by taking its row's lease (claimed_until); while it holds, no other instance asks about the order
-- or books it. booked_at says the reconciliation booked it (the notification had not), kept as a record.

create table order_reconciliations (
  order_id int primary key references orders (id) on delete cascade,
  claimed_until timestamptz not null,
  checks int not null default 1,
  booked_at timestamptz
);
-- The scan reads open orders of the last days only: a partial index keeps it off the paid and closed ones.
create index orders_open_idx on orders (created_at) where status = 'created';

-- ---------------------------------------------------------------------------------------------
-- Jobs that one instance of several does per period (pruning old rate events): an instance runs one when it
-- takes the job's lease, which the others then find held.

create table job_leases (
  job text primary key,
  claimed_until timestamptz not null
);
