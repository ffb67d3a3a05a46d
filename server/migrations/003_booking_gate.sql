-- The client data's `status` (the booking-status gate, docs/decisions/025-booking-status-gate.md): staff pause booking for an account;
-- the portal then shows a notice on New Booking and Renew, and the server refuses new orders.
alter table clients add column booking_paused boolean not null default false;
