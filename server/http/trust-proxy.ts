import { isIP } from 'node:net';

/**
 * Whose X-Forwarded-For to believe: nobody (false), exactly this many proxies in front of the server (1: one
 * balancer), or the proxies at these addresses and networks ('10.0.0.1,10.0.0.0/8'). Never "every hop": the left of
 * X-Forwarded-For is written by whoever sends the request, so trusting it all lets a client choose its own address,
 * dodge the login limiter and pin its failures on someone else's address.
 */
export type TrustProxy = false | number | string;

const off = new Set(['', '0', 'false', 'off', 'no']);

/** More proxies than any deployment puts in front of a server: a count past it trusts every hop in practice. */
const maxHops = 10;

/** Words that mean "trust every proxy": Fastify's `trustProxy: true`, which this server never takes. */
const everyHopWords = new Set(['true', 'yes', 'on', 'all', '*']);

/** What TRUST_PROXY takes. */
export const trustProxyWants = "unset (or 0, off), the number of proxies in front of this server (1: one balancer), or the proxies' addresses and networks (10.0.0.1,10.0.0.0/8)";

const everyHopRefused = 'Trusting every hop is refused: the left of X-Forwarded-For is written by the client, so it would choose its own address.';

/** A TRUST_PROXY the server does not take; `why` says what is wrong with it, for the settings check's own line. */
export class TrustProxyRefused extends Error {
  readonly why: string;
  constructor(value: string, why: string) {
    super(`TRUST_PROXY must be ${trustProxyWants}; got "${value}": ${why}. ${everyHopRefused}`);
    this.why = `${why}. ${everyHopRefused}`;
  }
}

const refuse = (value: string, why: string) => new TrustProxyRefused(value, why);

/** An address, or an address and a prefix length (CIDR); an error message when it is neither. */
function addressProblem(entry: string): string | undefined {
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  // A zone index (fe80::1%eth0) is a name for an interface of this machine, not a proxy's address.
  if (family === 0 || address.includes('%') || extra !== undefined) return `"${entry}" is not an IP address or a network`;
  if (prefix === undefined) return undefined;
  const bits = Number(prefix);
  const max = family === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(prefix) || bits > max) return `"${entry}" has no prefix length from 1 to ${max}`;
  if (bits === 0) return `"${entry}" is every address, so every hop`;
  return undefined;
}

/** TRUST_PROXY as the server reads it at start; a value it cannot take stops the start with a message naming it. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (off.has(text.toLowerCase())) return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > maxHops) throw refuse(text, `more than ${maxHops} proxies, which trusts every hop in practice`);
    return hops === 0 ? false : hops;
  }
  if (everyHopWords.has(text.toLowerCase())) throw refuse(text, 'that would trust every hop');
  const entries = text.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const problem = entry === '' ? 'an empty entry in the list' : addressProblem(entry);
    if (problem) throw refuse(text, problem);
  }
  return entries.join(',');
}

/**
 * Fastify's option for it. A hop count goes as a function: Fastify 5.12 reads `trustProxy: <number>` as trusting no
 * proxy at all (every client behind the balancer would be the balancer's one address), and only a function still
 * trusts a number of hops. A hop count trusts whoever connects, so the instance must be reachable by the proxy only.
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}
