-- A receipt a parent recognises, and a rating about one lesson (issue 18).

-- ---------------------------------------------------------------------------------------------
-- The payment method chosen on /checkout: the receipt and Transaction History show it. Orders opened
-- before it was asked have none.

alter table orders add column payment_method text;
alter table orders add constraint orders_payment_method_known check (payment_method in ('paypal', 'visa', 'mastercard'));

-- ---------------------------------------------------------------------------------------------
-- A rating is about one lesson, once: the unique constraint decides when two ratings of a lesson race
-- (several tabs, several instances). Reviews sent without a lesson (the spec's payload) stay possible; a
-- lesson deleted later leaves its review standing.

alter table reviews add column appointment_id int references appointments (id) on delete set null;
alter table reviews add constraint reviews_one_per_appointment unique (appointment_id);

-- ---------------------------------------------------------------------------------------------
-- Services are named like the seeded ones, '<Subject> - <the students' full names>', so that every lesson
-- card says whose lesson it is. Services made before with a bare subject name (the branch's spelling) are
-- renamed so; their order_key (the idempotency key of the success sequence) keeps the subject.

update services s
   set name = s.name || ' - ' || learners.names
  from (select sr.service_id, string_agg(st.first_name || ' ' || st.last_name, ', ' order by st.id) as names
          from service_recipients sr join students st on st.id = sr.student_id
         group by sr.service_id) learners
 where learners.service_id = s.id
   and exists (select 1 from subjects sub where sub.branch_id = s.branch_id and sub.name = s.name);
