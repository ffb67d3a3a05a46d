import { isIP } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';

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
 * The onRequest hook of every development page (/dev/…): a request from anywhere but this machine gets the
 * answer of a route that does not exist, so a stranger cannot even learn that the page is there.
 */
export async function onlyThisMachine(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  if (fromThisMachine(request)) return undefined;
  const message = `No such route: ${request.method} ${request.url.split('?')[0]}`;
  // Returned, so that Fastify stops here instead of running the handler too.
  return reply.code(404).send({ success: false, message, error: message });
}
