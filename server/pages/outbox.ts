import { isIP } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { escapeHtml, page, pagePolicy } from './html.ts';

interface OutboxRow {
  id: number;
  to_address: string;
  subject: string;
  body: string;
  created_at: Date;
}

/** 127.0.0.0/8, ::1, or an IPv4 loopback address in IPv6 form (::ffff:127.x.x.x), as a socket reports them. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address;
  if (isIP(v4) === 4) return v4.split('.')[0] === '127';
  // The URL parser writes any spelling of an IPv6 address in its one canonical form.
  if (isIP(address) !== 6) return false;
  try {
    return new URL(`http://[${address}]/`).hostname === '[::1]';
  } catch {
    return false; // A zone index (fe80::1%eth0) is never loopback.
  }
}

/** Headers a proxy adds when it forwards someone else's request. */
const forwardedHeaders = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * Whether the request comes from this machine itself: the socket's own peer address, never `request.ip`
 * (X-Forwarded-For sets that when trustProxy is on), and no forwarding header, since a proxy on this
 * machine connects from loopback on behalf of anyone.
 */
export function fromThisMachine(request: FastifyRequest): boolean {
  if (forwardedHeaders.some((name) => request.headers[name] !== undefined)) return false;
  return isLoopback(request.raw.socket.remoteAddress);
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
  const onlyThisMachine = async (request: FastifyRequest, reply: FastifyReply) => {
    if (fromThisMachine(request)) return;
    const message = `No such route: ${request.method} ${request.url.split('?')[0]}`;
    return reply.code(404).send({ success: false, message, error: message });
  };

  app.get<{ Querystring: { to?: string } }>('/dev/outbox.json', { onRequest: onlyThisMachine }, async (request) => read(request.query.to));

  app.get<{ Querystring: { to?: string } }>('/dev/outbox', { onRequest: onlyThisMachine }, async (request, reply) => {
    const mails = await read(request.query.to);
    const items = mails
      .map((m) => `<article class="card"><h2>${escapeHtml(m.subject)}</h2><p>To ${escapeHtml(m.to)} · ${escapeHtml(m.created_at)}</p><pre>${escapeHtml(m.body)}</pre></article>`)
      .join('');
    return reply.type('text/html').header('content-security-policy', pagePolicy).send(page('Outbox', `<h1>Outbox</h1>${items || '<p>No mail yet.</p>'}`));
  });
}
