import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { onlyThisMachine } from '../http/this-machine.ts';
import { escapeHtml, page, pagePolicy } from './html.ts';

interface OutboxRow {
  id: number;
  to_address: string;
  subject: string;
  body: string;
  created_at: Date;
}

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
    ).map((m) => ({ id: m.id, to: m.to_address, subject: m.subject, body: m.body, created_at: m.created_at.toISOString() }));

  app.get<{ Querystring: { to?: string } }>('/dev/outbox.json', { onRequest: onlyThisMachine }, async (request) => read(request.query.to));

  app.get<{ Querystring: { to?: string } }>('/dev/outbox', { onRequest: onlyThisMachine }, async (request, reply) => {
    const mails = await read(request.query.to);
    const items = mails
      .map((m) => `<article class="card"><h2>${escapeHtml(m.subject)}</h2><p>To ${escapeHtml(m.to)} · ${escapeHtml(m.created_at)}</p><pre>${escapeHtml(m.body)}</pre></article>`)
      .join('');
    return reply.type('text/html').header('content-security-policy', pagePolicy).send(page('Outbox', `<h1>Outbox</h1>${items || '<p>No mail yet.</p>'}`));
  });
}
