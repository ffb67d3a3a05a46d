import type { Queryable } from '../db/database.ts';

/** A file sent with a mail; `content` is its text (calendar files are text). */
export interface MailAttachment {
  filename: string;
  content_type: string;
  content: string;
}

/** Mail the provider sends; the embedded setup keeps it in the outbox table instead of sending it. */
export async function sendMail(db: Queryable, to: string, subject: string, body: string, attachments: readonly MailAttachment[] = []): Promise<void> {
  await db.query('insert into outbox (to_address, subject, body, attachments) values ($1, $2, $3, $4)', [to, subject, body, JSON.stringify(attachments)]);
}
