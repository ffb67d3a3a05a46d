import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * The Content-Security-Policy of the built app (index.html and its history fallback): scripts only from
 * this origin, never inline. Styles also allow 'unsafe-inline', for styles only: react-toastify injects its
 * <style> element at run time and React renders style attributes, neither of which a hash can name.
 * Tutor photos may be provider URLs, hence https: images. The API is this origin.
 */
export const appPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The headers every answer carries: no MIME sniffing, and no full URL (reset tokens, order refs) sent to other sites. */
export function setCommonHeaders(reply: FastifyReply): void {
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'same-origin');
}

/**
 * Every answer gets the common headers; an HTML answer that did not set its own Content-Security-Policy
 * (the server pages set theirs) is the app's, and gets `appPolicy`.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    setCommonHeaders(reply);
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html') && !reply.hasHeader('content-security-policy')) reply.header('content-security-policy', appPolicy);
    return payload;
  });
}
