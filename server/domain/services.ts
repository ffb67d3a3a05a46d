import type { components, operations } from '../../contract/schema.d.ts';
import type { SessionClaims } from '../auth/tokens.ts';
import type { Database, Queryable } from '../db/database.ts';
import { badRequest } from '../http/errors.ts';
import { ownPaidOrder } from './access.ts';
import { moneyText, moneyValue } from './pricing.ts';
import { bareSubject, serviceName } from './service-names.ts';

type ServiceBody = operations['createService']['requestBody']['content']['application/json'];

/* Services (spec §3): what lessons are booked under, a subject for some students with some tutors, at its rates. */

export interface ServiceRow {
  id: number;
  client_id: number;
  branch_id: number;
  name: string;
  dft_charge_type: string;
  dft_charge_rate: string;
  dft_contractor_rate: string;
}

/** The client's `service` as it is answered, with its tutors and students by name. */
export async function serviceAnswer(db: Queryable, service: ServiceRow): Promise<components['schemas']['Service']> {
  const conjobs = await db.query<{ name: string; contractor: number }>(
    `select c.first_name || ' ' || c.last_name as name, c.id as contractor
       from service_contractors sc join contractors c on c.id = sc.contractor_id where sc.service_id = $1 order by c.id`,
    [service.id],
  );
  const rcrs = await db.query<{ recipient_name: string; recipient: number }>(
    `select s.first_name || ' ' || s.last_name as recipient_name, s.id as recipient
       from service_recipients sr join students s on s.id = sr.student_id where sr.service_id = $1 order by s.id`,
    [service.id],
  );
  return {
    id: service.id,
    name: service.name,
    dft_charge_type: service.dft_charge_type,
    dft_charge_rate: moneyText(Number(service.dft_charge_rate)),
    dft_contractor_rate: moneyText(Number(service.dft_contractor_rate)),
    branch_id: service.branch_id,
    conjobs,
    rcrs,
  };
}

/**
 * Makes a service of the client in `branch` (its students checked by the caller): its tutors must be the
 * branch's (400), its order, when named, the client's own and paid. Under an order, the same service sent
 * again is the one made before. Answers its id, and whether it was made before.
 */
export async function makeService(db: Database, session: SessionClaims, branch: number, body: ServiceBody): Promise<{ id: number; again: boolean }> {
  const tutorIds = [...new Set(body.conjobs.map((c) => c.contractor))].sort((a, b) => a - b);
  const studentIds = [...new Set(body.rcrs.map((r) => r.recipient))].sort((a, b) => a - b);
  const known = await db.query<{ id: number }>('select id from contractors where branch_id = $1 and id = any($2::int[])', [branch, tutorIds]);
  const unknown = tutorIds.find((id) => !known.some((k) => k.id === id));
  if (unknown !== undefined) throw badRequest('conjobs', `tutor ${unknown} is not a tutor of this branch`);
  const order = body.order_ref === undefined ? undefined : await ownPaidOrder(db, session, body.order_ref);
  // A bare subject (the spec's payload names a service by it) is named as the portal names its services,
  // for whom it is (service-names.ts); any other name is kept as sent.
  const subject = await bareSubject(db, branch, body.name);
  const name = subject === undefined ? body.name.trim() : await serviceName(db, subject, studentIds);
  // Under an order, a service is what it is for: its subject (or name), tutors and students, the key the
  // server's own booking gives it too (lesson-booking.ts). The same one sent again is the same service
  // (a unique index), whatever the race.
  const orderKey = order ? JSON.stringify({ name: subject ?? name, tutors: tutorIds, students: studentIds }) : null;
  const id = await db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: number }>(
      `insert into services (branch_id, client_id, name, dft_charge_type, dft_charge_rate, dft_contractor_rate, order_id, order_key)
       values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (order_id, order_key) do nothing returning id`,
      [branch, session.sub, name, body.dft_charge_type, moneyValue(body.dft_charge_rate), moneyValue(body.dft_contractor_rate), order?.id ?? null, orderKey],
    );
    if (!row) return undefined;
    for (const tutor of tutorIds) await tx.query('insert into service_contractors (service_id, contractor_id) values ($1, $2)', [row.id, tutor]);
    for (const student of studentIds) await tx.query('insert into service_recipients (service_id, student_id) values ($1, $2)', [row.id, student]);
    return row.id;
  });
  if (id !== undefined) return { id, again: false };
  const [first] = await db.query<{ id: number }>('select id from services where order_id = $1 and order_key = $2', [order?.id, orderKey]);
  if (!first) throw new Error(`the service of order ${order?.ref} vanished`);
  return { id: first.id, again: true };
}
