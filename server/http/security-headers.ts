import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The Content-Security-Policy of the built app (index.html and its history fallback): scripts only from
 * this origin, never inline. Styles also allow 'unsafe-inline', for styles only: react-toastify injects its
 * <style> element at run time and React renders style attributes, neither of which a hash can name.
 * Tutor photos may be provider URLs, hence https: images. The API is this origin.
 */
const appDirectives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

export const appPolicy = Object.entries(appDirectives)
  .map(([name, sources]) => `${name} ${sources.join(' ')}`)
  .join('; ');

/**
 * Helmet's headers with these choices:
 * - the app's CSP on every answer (a JSON or calendar answer has no use for one, and it costs nothing); the server
 *   pages set their own with `reply.header`, which Fastify writes over what helmet put on the raw response;
 * - Referrer-Policy same-origin, not helmet's no-referrer: the app's own requests keep their referrer, other sites
 *   never see a full URL (reset tokens, order refs);
 * - X-Frame-Options DENY, as frame-ancestors 'none' says, for browsers that read only the old header;
 * - HSTS only when the public address is https: over plain http (the embedded setup, tests) a browser ignores it,
 *   and a deployment on http must not promise https for a year. Without includeSubDomains: the server cannot know
 *   that every other name under its domain serves https;
 * - Cross-Origin-Opener-Policy and -Resource-Policy same-origin (helmet's defaults): the app opens no window it
 *   talks to, and no other site loads its files; the calendar feed is fetched by calendar servers, which CORP
 *   does not concern. Cross-Origin-Embedder-Policy stays off (helmet's default): it would block the providers'
 *   tutor photos, which send no CORP header.
 */
export function helmetOptions(publicUrl: string): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: appDirectives },
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: publicUrl.startsWith('https:') ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: false } : false,
  };
}

/** Every answer that passes the hooks gets helmet's headers (registered first, so even a 401 of the auth hook has them). */
export async function registerSecurityHeaders(app: FastifyInstance, publicUrl: string): Promise<void> {
  // The plugin's types name helmet's CommonJS declarations, this module its ES ones: the same options, two types.
  await app.register(fastifyHelmet, helmetOptions(publicUrl) as FastifyHelmetOptions);
}

/**
 * The same headers for an answer Fastify gives before any hook runs (a path that does not decode), which the
 * plugin's onRequest hook never sees.
 */
export function setSecurityHeaders(publicUrl: string): (request: FastifyRequest, reply: FastifyReply) => void {
  const apply = helmet(helmetOptions(publicUrl));
  return (request, reply) => {
    apply(request.raw, reply.raw, () => undefined);
  };
}
