-- What was paid is what is booked; nobody is in two lessons at once; no state change is lost;
-- every step of the success sequence is idempotent by order ref; a password change ends old sessions.
-- Each rule lives here, in a constraint or a trigger, so that no handler can forget it.

create extension if not exists btree_gist;

-- ---------------------------------------------------------------------------------------------
-- Lessons are time ranges. The tutor's and the students' rows carry the lesson's range, copied from
-- the appointment by triggers (never by handlers), so that one exclusion constraint per table holds
-- "no one is in two overlapping lessons": an hour + 30 minutes, or + 1 ms, overlaps as surely as the
-- same hour. A cancelled lesson releases its range.

alter table appointment_contractors add column finish timestamptz;
update appointment_contractors ac set finish = a.finish from appointments a where a.id = ac.appointment_id;
alter table appointment_contractors alter column finish set not null;
drop index tutor_hour_booked_once;
alter table appointment_contractors
  add constraint tutor_in_one_lesson_at_a_time
  exclude using gist (contractor_id with =, tstzrange(start, finish) with &&) where (not released);

alter table appointment_recipients
  add column start timestamptz,
  add column finish timestamptz,
  add column released boolean not null default false;
update appointment_recipients ar set start = a.start, finish = a.finish, released = (a.status = 'cancelled')
  from appointments a where a.id = ar.appointment_id;
alter table appointment_recipients alter column start set not null, alter column finish set not null;
alter table appointment_recipients
  add constraint student_in_one_lesson_at_a_time
  exclude using gist (student_id with =, tstzrange(start, finish) with &&) where (not released);

create function lesson_range_from_appointment() returns trigger language plpgsql as $$
declare
  lesson appointments%rowtype;
begin
  select * into lesson from appointments where id = new.appointment_id;
  new.start := lesson.start;
  new.finish := lesson.finish;
  new.released := lesson.status = 'cancelled';
  return new;
end
$$;
create trigger appointment_contractors_range before insert or update on appointment_contractors
  for each row execute function lesson_range_from_appointment();
create trigger appointment_recipients_range before insert or update on appointment_recipients
  for each row execute function lesson_range_from_appointment();

create function lesson_range_to_participants() returns trigger language plpgsql as $$
begin
  -- The participants' triggers read the updated appointment back: touching the rows is enough.
  update appointment_contractors set appointment_id = appointment_id where appointment_id = new.id;
  update appointment_recipients set appointment_id = appointment_id where appointment_id = new.id;
  return null;
end
$$;
create trigger appointments_range_to_participants after update of start, finish, status on appointments
  for each row execute function lesson_range_to_participants();

-- ---------------------------------------------------------------------------------------------
-- Orders: the classes an order paid for bound the lessons booked on it; a paid order never turns into
-- anything else.

alter table orders add column classes int;
update orders o set classes = p.numberofclass from packages p where p.id = o.pkg_id;
alter table orders alter column classes set not null;
alter table orders add constraint orders_classes_positive check (classes > 0);
alter table orders add column booked_classes int not null default 0;
update orders o set booked_classes = (select count(*) from appointments a where a.order_id = o.id);
alter table orders add constraint orders_booked_within_paid check (booked_classes between 0 and classes);
alter table orders drop column consumed_at;

create function orders_status_moves_forward() returns trigger language plpgsql as $$
begin
  if new.status = old.status
     or (old.status = 'created' and new.status in ('paid', 'failed', 'cancelled'))
     or (old.status = 'paid' and new.status = 'confirmed') then
    return new;
  end if;
  raise exception 'order % cannot go from % to %', old.ref, old.status, new.status using errcode = 'check_violation';
end
$$;
create trigger orders_status_moves_forward before update of status on orders
  for each row execute function orders_status_moves_forward();

-- ---------------------------------------------------------------------------------------------
-- Client packages: paid for some students; booked and remaining classes are the server's to count.

alter table client_packages add column student_ids jsonb;
update client_packages cp set student_ids = o.student_ids
  from orders o where o.client_package_id = cp.id and o.status in ('paid', 'confirmed');
-- Packages paid without an order (staff, the seed) are for the students their lessons were for.
update client_packages cp set student_ids = taught.ids
  from (select a.client_package_id as id, jsonb_agg(distinct ar.student_id order by ar.student_id) as ids
          from appointments a join appointment_recipients ar on ar.appointment_id = a.id
         where a.client_package_id is not null group by a.client_package_id) taught
 where taught.id = cp.id and cp.purches_status = 1 and cp.student_ids is null;
alter table client_packages add constraint client_packages_remaining_is_the_rest
  check (purches_status = 0 or remaining_classess = greatest(total_classess - booked_classess, 0));

-- ---------------------------------------------------------------------------------------------
-- The success sequence, idempotent by order ref: one service per (order, what it is), one lesson per
-- (order, service, start), one invoice per order.

alter table services add column order_id int references orders (id);
alter table services add column order_key text;
alter table services add constraint services_order_key check ((order_id is null) = (order_key is null));
create unique index services_one_per_order_key on services (order_id, order_key);

create unique index appointments_one_per_order_lesson on appointments (order_id, service_id, start);

alter table proforma_invoices add column order_id int references orders (id);
create unique index proforma_invoices_one_per_order on proforma_invoices (order_id);

-- ---------------------------------------------------------------------------------------------
-- Sessions: a token carries the version it was issued under; a password change moves the version on.

alter table clients add column token_version int not null default 0;
