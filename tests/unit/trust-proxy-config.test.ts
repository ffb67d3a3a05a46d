import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { SettingsError, readConfig } from '../../server/config.ts';
import { type TrustProxy, fastifyTrustProxy, parseTrustProxy } from '../../server/http/trust-proxy.ts';

// TRUST_PROXY says whose X-Forwarded-For the server believes, so it decides which address the login limiter counts.
// Every value the server takes, and the ones that stop its start.

const wants = "unset (or 0, off), the number of proxies in front of this server (1: one balancer), or the proxies' addresses and networks (10.0.0.1,10.0.0.0/8)";
const everyHopRefused = 'Trusting every hop is refused: the left of X-Forwarded-For is written by the client, so it would choose its own address.';

describe('TRUST_PROXY as the server reads it', () => {
  it.each<[string | undefined, TrustProxy]>([
    [undefined, false],
    ['', false],
    ['0', false],
    ['00', false],
    ['false', false],
    ['FALSE', false],
    ['off', false],
    ['no', false],
    [' no ', false],
    ['1', 1],
    ['2', 2],
    ['10', 10],
    ['10.0.0.1', '10.0.0.1'],
    ['10.0.0.1,10.0.0.0/8', '10.0.0.1,10.0.0.0/8'],
    [' 10.0.0.1 , 192.168.1.0/24 ', '10.0.0.1,192.168.1.0/24'],
    ['127.0.0.1/32', '127.0.0.1/32'],
    ['::1', '::1'],
    ['2001:db8::/32,10.0.0.1', '2001:db8::/32,10.0.0.1'],
    ['::ffff:10.0.0.1', '::ffff:10.0.0.1'],
  ])('%j is %j', (value, expected) => {
    expect(readConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each([
    ['true', 'that would trust every hop'],
    ['TRUE', 'that would trust every hop'],
    ['yes', 'that would trust every hop'],
    ['on', 'that would trust every hop'],
    ['all', 'that would trust every hop'],
    ['*', 'that would trust every hop'],
    ['maybe', '"maybe" is not an IP address or a network'],
    ['11', 'more than 10 proxies, which trusts every hop in practice'],
    ['99999999999999999999', 'more than 10 proxies, which trusts every hop in practice'],
    ['-1', '"-1" is not an IP address or a network'],
    ['1.5', '"1.5" is not an IP address or a network'],
    ['10.0.0.256', '"10.0.0.256" is not an IP address or a network'],
    ['localhost', '"localhost" is not an IP address or a network'],
    ['loopback', '"loopback" is not an IP address or a network'],
    ['fe80::1%eth0', '"fe80::1%eth0" is not an IP address or a network'],
    ['10.0.0.0/33', '"10.0.0.0/33" has no prefix length from 1 to 32'],
    ['2001:db8::/129', '"2001:db8::/129" has no prefix length from 1 to 128'],
    ['10.0.0.0/8/8', '"10.0.0.0/8/8" is not an IP address or a network'],
    ['10.0.0.0/', '"10.0.0.0/" has no prefix length from 1 to 32'],
    ['10.0.0.0/255.0.0.0', '"10.0.0.0/255.0.0.0" has no prefix length from 1 to 32'],
    ['0.0.0.0/0', '"0.0.0.0/0" is every address, so every hop'],
    ['10.0.0.1,::/0', '"::/0" is every address, so every hop'],
    ['10.0.0.1,', 'an empty entry in the list'],
    ['10.0.0.1,,10.0.0.2', 'an empty entry in the list'],
  ])('stops the start on %j: %s', (value, why) => {
    // Whatever the mistake, the line names the variable, what it takes, and why every hop is never trusted.
    expect(() => readConfig({ TRUST_PROXY: value })).toThrow(
      new SettingsError([`Setting TRUST_PROXY: got "${value}", wants ${wants}: ${why}. ${everyHopRefused}`]),
    );
    // The parser on its own says the same in its own words.
    expect(() => parseTrustProxy(value)).toThrow(`TRUST_PROXY must be ${wants}; got "${value}": ${why}. ${everyHopRefused}`);
  });
});

describe('the address a request is counted under, behind each setting', () => {
  // The socket peer is the proxy (or whoever connected); X-Forwarded-For is what the request carries.
  async function ipOf(trust: TrustProxy, remoteAddress: string, forwardedFor?: string): Promise<string> {
    const app = Fastify({ trustProxy: fastifyTrustProxy(trust) });
    app.get('/ip', async (request) => ({ ip: request.ip }));
    try {
      const answer = await app.inject({ method: 'GET', url: '/ip', remoteAddress, headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor } });
      return (answer.json() as { ip: string }).ip;
    } finally {
      await app.close();
    }
  }

  it.each<[string, TrustProxy, string, string | undefined, string]>([
    ['off: the connection, whatever the header says', false, '10.0.0.5', '203.0.113.7', '10.0.0.5'],
    ['one hop: what the balancer wrote', 1, '127.0.0.1', '203.0.113.7', '203.0.113.7'],
    // A balancer that appends: the client wrote the left part, the balancer the right.
    ['one hop: a client-written address before the balancer\'s is not believed', 1, '127.0.0.1', '127.0.0.2, 203.0.113.7', '203.0.113.7'],
    ['one hop, no header: the connection', 1, '127.0.0.1', undefined, '127.0.0.1'],
    ['two hops: the address the first proxy saw', 2, '10.0.0.2', '127.0.0.2, 203.0.113.7, 10.0.0.9', '203.0.113.7'],
    ['the balancer\'s address: what it wrote', '10.0.0.2', '10.0.0.2', '127.0.0.2, 203.0.113.7', '203.0.113.7'],
    ['a network of proxies: each one trusted, the first address outside it counted', '10.0.0.0/8', '10.0.0.2', '127.0.0.2, 203.0.113.7, 10.0.0.9', '203.0.113.7'],
    ['not from the balancer\'s address: the connection, whatever the header says', '10.0.0.2', '198.51.100.4', '127.0.0.2', '198.51.100.4'],
  ])('%s', async (_, trust, remoteAddress, forwardedFor, expected) => {
    expect(await ipOf(trust, remoteAddress, forwardedFor)).toBe(expected);
  });
});
