-- Sign-in and password reset that strangers cannot turn against a client (issue 28).

-- ---------------------------------------------------------------------------------------------
-- Turns of untrusted sign-ins per e-mail (server/auth/login-throttle.ts): the time from which the next turn is
-- free. One atomic upsert reserves a turn, so every instance on this database hands out the same turns. A row
-- matters only while its time is ahead of now() (by seconds); rows a day old may be deleted at any time.

create table login_turns (
  email text primary key,
  next_turn timestamptz not null
);
create index login_turns_next_turn_idx on login_turns (next_turn);

-- ---------------------------------------------------------------------------------------------
-- When each reset link was mailed and whether a trusted device asked for it: from elsewhere a link is mailed only
-- when none mailed in the last 15 minutes still works, from a trusted device up to 3 an hour
-- (server/auth/sign-in-rules.ts). Links mailed before this migration count as mailed now.

alter table password_resets
  add column created_at timestamptz not null default now(),
  add column from_trusted_device boolean not null default false;
create index password_resets_client_idx on password_resets (client_id, created_at);
