-- The reference provider's schema. Runs unchanged on PGlite and on PostgreSQL.
-- Column names follow the provider's API where they surface in it (purches_status, remaining_classess, ...).

create table branches (
  id serial primary key,
  name text not null,
  time_zone text not null default 'Asia/Dubai'
);

create table locations (
  id serial primary key,
  branch_id int not null references branches (id),
  town text not null
);

create table clients (
  id serial primary key,
  branch_id int not null references branches (id),
  firstname text not null,
  lastname text not null,
  email text not null,
  phone text,
  password_hash text not null,
  created_at timestamptz not null default now()
);
create unique index clients_email_key on clients (lower(email));

create table students (
  id serial primary key,
  client_id int not null references clients (id) on delete cascade,
  first_name text not null,
  last_name text not null,
  created_at timestamptz not null default now()
);
create index students_client_idx on students (client_id);

-- Only a hash of each reset token is kept, so a leaked table does not leak working links.
create table password_resets (
  token_hash text primary key,
  client_id int not null references clients (id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz
);

-- Attempts counted for rate limits (failed logins, reset requests, quote requests).
create table rate_events (
  id bigserial primary key,
  kind text not null,
  key text not null,
  at timestamptz not null default now()
);
create index rate_events_lookup_idx on rate_events (kind, key, at);

-- Mail the provider would send; read at /dev/outbox in the embedded setup.
create table outbox (
  id serial primary key,
  to_address text not null,
  subject text not null,
  body text not null,
  created_at timestamptz not null default now()
);

create table quote_requests (
  id serial primary key,
  firstname text not null,
  lastname text not null,
  students text not null check (students in ('1', '2', '3+')),
  email text not null,
  phone text not null,
  client_id int references clients (id) on delete set null,
  created_at timestamptz not null default now()
);

create table subjects (
  id serial primary key,
  branch_id int not null references branches (id),
  name text not null,
  level_category jsonb not null,
  unique (branch_id, name)
);

-- Ids 2, 3, 4 are SILVER, GOLD, PLATINUM: appointments name their package by this id (pkg_id).
create table packages (
  id int primary key,
  name text not null unique,
  description text not null,
  numberofclass int not null check (numberofclass > 0),
  offers text not null default '',
  duration_days int not null check (duration_days >= 0),
  most_popular boolean not null default false
);

create table package_prices (
  package_id int not null references packages (id),
  students int not null check (students in (1, 2)),
  level_group int not null check (level_group between 1 and 4),
  types text not null,
  total numeric(10, 2) not null check (total >= 0),
  primary key (package_id, students, level_group)
);

create table contractors (
  id serial primary key,
  branch_id int not null references branches (id),
  first_name text not null,
  last_name text not null,
  photo text,
  subjects jsonb not null,
  quallevel int not null check (quallevel between 1 and 13),
  town text not null,
  country text not null,
  qualifications text not null,
  speciality text not null,
  bio text,
  tutorprice numeric(10, 2) not null check (tutorprice >= 0),
  -- Weekly pattern {"0": [16, 20], ...}: weekday (0 Sunday) to [from hour, to hour) in branch time.
  weekly_hours jsonb not null default '{}'
);

create table availability (
  id serial primary key,
  contractor_id int not null references contractors (id) on delete cascade,
  start timestamptz not null,
  finish timestamptz not null,
  check (finish > start),
  unique (contractor_id, start)
);
create index availability_window_idx on availability (start, finish);

create table coupons (
  code text primary key check (code = upper(code)),
  discount_type text not null check (discount_type in ('flat', 'percent')),
  discount_value numeric(10, 2) not null check (discount_value >= 0),
  active boolean not null default true,
  expires_at timestamptz,
  check (discount_type <> 'percent' or discount_value <= 100)
);

create table services (
  id serial primary key,
  branch_id int not null references branches (id),
  client_id int not null references clients (id) on delete cascade,
  name text not null,
  dft_charge_type text not null,
  dft_charge_rate numeric(10, 2) not null,
  dft_contractor_rate numeric(10, 2) not null,
  created_at timestamptz not null default now()
);
create index services_client_idx on services (client_id);

create table service_contractors (
  service_id int not null references services (id) on delete cascade,
  contractor_id int not null references contractors (id),
  primary key (service_id, contractor_id)
);

create table service_recipients (
  service_id int not null references services (id) on delete cascade,
  student_id int not null references students (id) on delete cascade,
  primary key (service_id, student_id)
);

create table client_packages (
  id serial primary key,
  client_id int not null references clients (id) on delete cascade,
  package_form text not null,
  bookingdata jsonb,
  purches_status int not null default 0 check (purches_status in (0, 1)),
  booked_classess int not null default 0 check (booked_classess >= 0),
  total_classess int not null check (total_classess >= 0),
  remaining_classess int not null check (remaining_classess >= 0),
  completed_classess int not null default 0 check (completed_classess >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index client_packages_client_idx on client_packages (client_id);

create table orders (
  id serial primary key,
  ref text not null unique,
  client_id int not null references clients (id) on delete cascade,
  email text not null,
  student_ids jsonb not null,
  appoint_ids jsonb not null,
  pkg_id int not null references packages (id),
  level int not null check (level between 1 and 13),
  coupon_code text references coupons (code),
  amount numeric(10, 2) not null check (amount >= 0),
  status text not null default 'created' check (status in ('created', 'paid', 'failed', 'cancelled', 'confirmed')),
  client_package_id int references client_packages (id) on delete set null,
  created_at timestamptz not null default now(),
  paid_at timestamptz,
  -- Set when appointments are booked against the order: a paid order buys one batch.
  consumed_at timestamptz
);
create index orders_client_idx on orders (client_id);

create table appointments (
  id serial primary key,
  client_id int not null references clients (id) on delete cascade,
  branch_id int not null references branches (id),
  service_id int not null references services (id),
  pkg_id int references packages (id),
  start timestamptz not null,
  finish timestamptz not null,
  topic text not null,
  status text not null check (status in ('planned', 'completed', 'cancelled', 'pending')),
  start_date date,
  expiry_date date,
  pricestatus boolean,
  basis text not null check (basis in ('order', 'free', 'package', 'staff')),
  order_id int references orders (id),
  client_package_id int references client_packages (id) on delete set null,
  created_at timestamptz not null default now(),
  check (finish > start)
);
create index appointments_client_idx on appointments (client_id, start);
-- The one free assessment per client, enforced where concurrent requests cannot both win.
create unique index appointments_one_free_assessment on appointments (client_id) where basis = 'free';

create table appointment_recipients (
  appointment_id int not null references appointments (id) on delete cascade,
  student_id int not null references students (id) on delete cascade,
  charge_rate numeric(10, 2) not null,
  primary key (appointment_id, student_id)
);
create index appointment_recipients_student_idx on appointment_recipients (student_id);

-- `start` is copied from the appointment so that one index can hold a tutor-hour once;
-- a cancelled appointment releases its hour.
create table appointment_contractors (
  appointment_id int not null references appointments (id) on delete cascade,
  contractor_id int not null references contractors (id),
  pay_rate numeric(10, 2) not null,
  start timestamptz not null,
  released boolean not null default false,
  primary key (appointment_id, contractor_id)
);
create unique index tutor_hour_booked_once on appointment_contractors (contractor_id, start) where not released;

create table proforma_invoices (
  id serial primary key,
  client_id int not null references clients (id) on delete cascade,
  branch_id int not null references branches (id),
  amount numeric(10, 2) not null check (amount >= 0),
  description text not null,
  raise_behaviour text not null,
  status text not null default 'unpaid',
  date_sent timestamptz not null default now(),
  paid_at timestamptz,
  payment_method text
);
create index proforma_invoices_client_idx on proforma_invoices (client_id);

create table reviews (
  id serial primary key,
  client_id int not null references clients (id) on delete cascade,
  client_email text not null,
  review_number int not null check (review_number between 1 and 5),
  description text not null,
  created_at timestamptz not null default now()
);
