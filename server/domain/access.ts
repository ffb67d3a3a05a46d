import type { SessionClaims } from '../auth/tokens.ts';
import type { Database, Queryable } from '../db/database.ts';
import { conflict, forbidden, notFound } from '../http/errors.ts';
import { type OrderRow, isPaid } from './records.ts';

/** A 403's words (a screen may show them): a request made for another account than the one logged in. */
export const otherAccountText = 'This belongs to another account. Please log in again.';

/** How a person calls a row that is not theirs, where the table's name is not their word. */
const ownWords: Readonly<Record<string, string>> = { Appointment: 'lesson', 'Client package': 'package' };

/** A client-scoped id in a request must be the logged-in client's own. */
export function assertOwnClient(session: SessionClaims, clientId: number, field: string): void {
  if (clientId !== session.sub) throw forbidden(field, otherAccountText);
}

/** The branch asked for, which must be the client's own; the client's own when none is asked. */
export function ownBranch(session: SessionClaims, branchId: number | undefined, field = 'branch_id'): number {
  if (branchId !== undefined && branchId !== session.branch_id) throw forbidden(field, 'This is not your branch.');
  return session.branch_id;
}

/** Every student id must exist (else 404) and be one of the client's students (else 403). */
export async function assertOwnStudents(db: Database, session: SessionClaims, ids: readonly number[], field: string): Promise<void> {
  const unique = [...new Set(ids)];
  const rows = await db.remembered(`students ${unique.join(',')}`, async () => ({
    value: await db.query<{ id: number; client_id: number }>('select id, client_id from students where id = any($1::int[])', [unique]),
  }));
  for (const id of unique) {
    const row = rows.find((r) => r.id === id);
    if (!row) throw notFound(`Student ${id}`);
    if (row.client_id !== session.sub) throw forbidden(field, 'This student is not one of yours.');
  }
}

/**
 * A row of a client-owned table by id: 404 when there is none, 403 when it is another client's.
 * `table` is always a literal of this codebase, never input.
 */
export async function ownedRow<Row extends { client_id: number }>(
  db: Queryable,
  session: SessionClaims,
  table: 'services' | 'appointments' | 'client_packages' | 'proforma_invoices' | 'orders',
  id: number | string,
  what: string,
  field: string,
  key: 'id' | 'ref' = 'id',
): Promise<Row> {
  const [row] = await db.query<Row>(`select * from ${table} where ${key} = $1`, [id]);
  if (!row) throw notFound(what);
  if (row.client_id !== session.sub) throw forbidden(field, `This ${ownWords[what] ?? what.toLowerCase()} is not yours.`);
  return row;
}

/** The client's own order by ref: 404 when there is none, 403 naming `field` when it is another client's. */
export const ownOrder = (db: Queryable, session: SessionClaims, ref: string, field: string) => ownedRow<OrderRow>(db, session, 'orders', ref, 'Order', field, 'ref');

/** The client's own order by ref, which must have been paid: what the success sequence's writes rest on. */
export async function ownPaidOrder(db: Queryable, session: SessionClaims, ref: string): Promise<OrderRow> {
  const order = await ownOrder(db, session, ref, 'order_ref');
  if (!isPaid(order)) throw conflict('This order has not been paid.', 'order_ref');
  return order;
}

export const bookingPausedText = 'Booking is paused for this account. Please contact us to book.';

/** Whether staff paused booking for the client (the client data's `status` is its opposite). */
export async function bookingPaused(db: Queryable, clientId: number): Promise<boolean> {
  const [row] = await db.query<{ booking_paused: boolean }>('select booking_paused from clients where id = $1', [clientId]);
  return row?.booking_paused ?? false;
}
