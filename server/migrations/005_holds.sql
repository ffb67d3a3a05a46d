-- Paid means booked (docs/architecture.md, "Paid means booked"). One truth of which hours are free: a planned lesson
-- and a live hold of an unpaid order both occupy a tutor's hour and each student's hour, as rows of one
-- table under one overlap guarantee, so two clients can never both hold or book a tutor-hour, whatever
-- the number of server instances on this database.

-- ---------------------------------------------------------------------------------------------
-- The hours an order books, as the client chose them at Pay Now. They outlive the hold: a payment
-- confirmed after the hold expired books the ones still free and records the rest as lost.

create table order_lessons (
  id serial primary key,
  order_id int not null references orders (id) on delete cascade,
  line_id int not null references order_lines (id) on delete cascade,
  subject text not null,
  start timestamptz not null,
  finish timestamptz not null,
  contractor_id int not null references contractors (id),
  student_ids int[] not null check (cardinality(student_ids) between 1 and 2),
  -- The lesson booked for this hour once the payment is confirmed.
  appointment_id int references appointments (id) on delete set null,
  -- Set when the confirmation came after the hold expired and the hour had been taken meanwhile.
  lost_at timestamptz,
  check (finish > start),
  check (appointment_id is null or lost_at is null),
  unique (line_id, start)
);
create index order_lessons_order_idx on order_lessons (order_id);

alter table orders add column hold_expires_at timestamptz;
-- Paid classes whose hours were lost: the client chooses new times for them, without paying again.
alter table orders add column to_place int not null default 0;
alter table orders add constraint orders_to_place_within_paid check (to_place between 0 and classes);
alter table order_lines add column weekly_lessons jsonb;
alter table order_lines add column to_place int not null default 0;
alter table order_lines add constraint order_lines_to_place_within_paid check (to_place between 0 and classes);

-- ---------------------------------------------------------------------------------------------
-- Who is busy when. A row is a lesson's (appointment_id, kept by triggers from the lesson's participants,
-- never by handlers) or a hold's (order_lesson_id, with the moment it expires). Expiry is a comparison
-- with now(): nothing runs on a timer. An expired hold is deleted lazily, by the insert it would block
-- (the trigger below), by the order's own confirmation, or by the next hold of its client.

create table busy_hours (
  id bigserial primary key,
  who text not null check (who in ('tutor', 'student')),
  person_id int not null,
  during tstzrange not null check (not isempty(during)),
  appointment_id int references appointments (id) on delete cascade,
  order_lesson_id int references order_lessons (id) on delete cascade,
  expires_at timestamptz,
  check ((appointment_id is null) <> (order_lesson_id is null)),
  check ((order_lesson_id is null) = (expires_at is null)),
  constraint tutor_in_one_place_at_a_time exclude using gist (person_id with =, during with &&) where (who = 'tutor'),
  constraint student_in_one_place_at_a_time exclude using gist (person_id with =, during with &&) where (who = 'student')
);
create index busy_hours_appointment_idx on busy_hours (appointment_id);
create index busy_hours_order_lesson_idx on busy_hours (order_lesson_id);

create function busy_hours_clear_expired() returns trigger language plpgsql as $$
begin
  -- An expired hold gives way to whatever takes its hour: deleted here, before the row's overlap check.
  delete from busy_hours
   where who = new.who and person_id = new.person_id and during && new.during
     and expires_at is not null and expires_at <= now();
  return new;
end
$$;
create trigger busy_hours_clear_expired before insert or update on busy_hours
  for each row execute function busy_hours_clear_expired();

-- A lesson's participants carry its hours already (002_integrity.sql); each not-released one is busy then.
create function busy_hours_of_tutor() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    if tg_op = 'UPDATE' and (old.contractor_id, old.start, old.finish, old.released) is not distinct from (new.contractor_id, new.start, new.finish, new.released) then
      return null;
    end if;
    delete from busy_hours where appointment_id = old.appointment_id and who = 'tutor' and person_id = old.contractor_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and not new.released then
    insert into busy_hours (who, person_id, during, appointment_id) values ('tutor', new.contractor_id, tstzrange(new.start, new.finish), new.appointment_id);
  end if;
  return null;
end
$$;
create trigger appointment_contractors_busy after insert or update or delete on appointment_contractors
  for each row execute function busy_hours_of_tutor();

create function busy_hours_of_student() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    if tg_op = 'UPDATE' and (old.student_id, old.start, old.finish, old.released) is not distinct from (new.student_id, new.start, new.finish, new.released) then
      return null;
    end if;
    delete from busy_hours where appointment_id = old.appointment_id and who = 'student' and person_id = old.student_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and not new.released then
    insert into busy_hours (who, person_id, during, appointment_id) values ('student', new.student_id, tstzrange(new.start, new.finish), new.appointment_id);
  end if;
  return null;
end
$$;
create trigger appointment_recipients_busy after insert or update or delete on appointment_recipients
  for each row execute function busy_hours_of_student();

insert into busy_hours (who, person_id, during, appointment_id)
select 'tutor', contractor_id, tstzrange(start, finish), appointment_id from appointment_contractors where not released
union all
select 'student', student_id, tstzrange(start, finish), appointment_id from appointment_recipients where not released;

-- The one guarantee replaces the two per-participant ones.
alter table appointment_contractors drop constraint tutor_in_one_lesson_at_a_time;
alter table appointment_recipients drop constraint student_in_one_lesson_at_a_time;

-- ---------------------------------------------------------------------------------------------
-- The payment provider's own record (the sandbox stands in for it): what it took, and whether it has told
-- the portal. The portal's orders move only on the provider's signed notification or on asking it.

create table sandbox_payments (
  ref text primary key,
  status text not null check (status in ('paid', 'failed', 'cancelled')),
  amount numeric(10, 2) not null check (amount >= 0),
  method text not null,
  at timestamptz not null default now()
);
