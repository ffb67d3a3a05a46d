import type { Queryable } from '../db/database.ts';

/** Mail the provider sends; the embedded setup keeps it in the outbox table instead of sending it. */
export async function sendMail(db: Queryable, to: string, subject: string, body: string): Promise<void> {
  await db.query('insert into outbox (to_address, subject, body) values ($1, $2, $3)', [to, subject, body]);
}
