-- Lessons in the client's calendar and inbox (issue 19).

-- ---------------------------------------------------------------------------------------------
-- A lesson's calendar SEQUENCE (RFC 5545 §3.8.7.4): a calendar app replaces its copy of an event only by
-- a higher SEQUENCE, so it goes up by 1 each time the lesson is moved or cancelled. A trigger counts it,
-- so every writer (reschedule, staff, a future tool) is counted without having to remember to.

alter table appointments add column calendar_sequence int not null default 0;

create function appointments_count_calendar_changes() returns trigger language plpgsql as $$
begin
  if new.start is distinct from old.start
     or new.finish is distinct from old.finish
     or (new.status = 'cancelled' and old.status is distinct from 'cancelled') then
    new.calendar_sequence := old.calendar_sequence + 1;
  end if;
  return new;
end
$$;

create trigger appointments_calendar_sequence
  before update on appointments
  for each row execute function appointments_count_calendar_changes();

-- ---------------------------------------------------------------------------------------------
-- The private calendar feed: one per client, its secret kept only as a SHA-256 hash (the address is shown
-- once). Reset replaces the row's hash, so the old address stops answering.

create table calendar_feeds (
  client_id int primary key references clients (id) on delete cascade,
  token_hash text not null unique,
  created_at timestamptz not null default now()
);

-- ---------------------------------------------------------------------------------------------
-- A reminder is claimed by inserting its (lesson, start) row: the primary key lets exactly one instance
-- win, and the mail is written in the same transaction. A moved lesson has a new start, so it is reminded
-- at its new time; the old start is never due again.

create table lesson_reminders (
  appointment_id int not null references appointments (id) on delete cascade,
  starts_at timestamptz not null,
  sent_at timestamptz not null default now(),
  primary key (appointment_id, starts_at)
);

-- ---------------------------------------------------------------------------------------------
-- Mail attachments (a reminder carries the lesson's .ics): [{ "filename", "content_type", "content" }].

alter table outbox add column attachments jsonb not null default '[]'::jsonb;
