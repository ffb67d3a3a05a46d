-- Individual study (docs/decisions/024-individual-study-order-lines.md): one order with a line per student. Each line is a package priced for its
-- students and year, with its own classes; lessons are claimed on the line of their student, so one student
-- never books the other's classes. Existing orders become one-line orders.
create table order_lines (
  id serial primary key,
  order_id int not null references orders (id) on delete cascade,
  line int not null check (line >= 0),
  pkg_id int not null references packages (id),
  level int not null check (level between 1 and 13),
  student_ids jsonb not null,
  -- The line's share of the order's amount (its price, less its share of the coupon).
  amount numeric(10, 2) not null check (amount >= 0),
  classes int not null check (classes > 0),
  booked_classes int not null default 0,
  constraint order_lines_booked_within_paid check (booked_classes between 0 and classes),
  unique (order_id, line)
);

insert into order_lines (order_id, line, pkg_id, level, student_ids, amount, classes, booked_classes)
select id, 0, pkg_id, level, student_ids, amount, classes, booked_classes from orders;
