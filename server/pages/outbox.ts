import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import type { MailAttachment } from '../domain/outbox.ts';
import { onlyThisMachine } from '../http/this-machine.ts';
import { escapeHtml, page, pagePolicy } from './html.ts';
import { answerPageError } from './page-errors.ts';

interface OutboxRow {
  id: number;
  to_address: string;
  subject: string;
  body: string;
  attachments: MailAttachment[];
  created_at: Date;
}

/** Where the outbox serves a mail's attachment: numbered from 1, in the order the mail carries them. */
export const attachmentPath = (mailId: number, n: number) => `/dev/outbox/${mailId}/attachments/${n}`;

/** A filename as a quoted-string of Content-Disposition: nothing that could end the quotes or the header. */
const quotedFilename = (filename: string) => `"${filename.replace(/[^\x20-\x7e]|["\\]/g, '_')}"`;

/**
 * The embedded mail outbox: what the provider would have e-mailed, newest first. It holds reset links and
 * generated passwords, so it answers only requests from this machine; any other gets the answer of a
 * route that does not exist.
 */
export function registerOutboxPages(app: FastifyInstance, { db }: AppContext): void {
  const read = async (to: string | undefined) =>
    (
      await db.query<OutboxRow>(
        `select * from outbox where ($1::text is null or lower(to_address) = lower($1)) order by id desc limit 200`,
        [to ?? null],
      )
    ).map((m) => ({
      id: m.id,
      to: m.to_address,
      subject: m.subject,
      body: m.body,
      attachments: m.attachments.map((a, i) => ({ filename: a.filename, content_type: a.content_type, url: attachmentPath(m.id, i + 1) })),
      created_at: m.created_at.toISOString(),
    }));

  app.get<{ Querystring: { to?: string } }>('/dev/outbox.json', { onRequest: onlyThisMachine }, async (request) => read(request.query.to));

  // The page answers its refusals (a query the input guards refuse) as a page; the JSON and the files as the API does.
  app.get<{ Querystring: { to?: string } }>('/dev/outbox', { onRequest: onlyThisMachine, errorHandler: answerPageError }, async (request, reply) => {
    const mails = await read(request.query.to);
    const items = mails
      .map((m) => {
        const files = m.attachments.map((a) => `<li><a href="${escapeHtml(a.url)}" download>${escapeHtml(a.filename)}</a> (${escapeHtml(a.content_type)})</li>`).join('');
        const attached = files ? `<p>Attachments:</p><ul>${files}</ul>` : '';
        return `<article class="card"><h2>${escapeHtml(m.subject)}</h2><p>To ${escapeHtml(m.to)} · ${escapeHtml(m.created_at)}</p><pre>${escapeHtml(m.body)}</pre>${attached}</article>`;
      })
      .join('');
    return reply.type('text/html').header('content-security-policy', pagePolicy).send(page('Outbox', `<h1>Outbox</h1>${items || '<p>No mail yet.</p>'}`));
  });

  app.get<{ Params: { id: string; n: string } }>('/dev/outbox/:id/attachments/:n', { onRequest: onlyThisMachine }, async (request, reply) => {
    const { id, n } = request.params;
    const missing = () => {
      const message = `No such attachment: ${request.url.split('?')[0]}`;
      return reply.code(404).send({ success: false, message, error: message });
    };
    // Digits only, and within int range: anything else is no mail of the outbox, not a database error.
    if (!/^\d{1,9}$/.test(id) || !/^\d{1,3}$/.test(n) || Number(n) < 1) return missing();
    const [row] = await db.query<{ attachment: MailAttachment | null }>('select attachments -> ($2::int - 1) as attachment from outbox where id = $1', [Number(id), Number(n)]);
    const file = row?.attachment;
    if (!file) return missing();
    const type = /^text\//i.test(file.content_type) && !/charset=/i.test(file.content_type) ? `${file.content_type}; charset=utf-8` : file.content_type;
    return reply
      .type(type)
      .header('content-disposition', `attachment; filename=${quotedFilename(file.filename)}`)
      .header('cache-control', 'no-store')
      .send(file.content);
  });
}
