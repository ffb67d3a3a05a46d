import type { FastifyReply } from 'fastify';
import { page, pagePolicy } from './html.ts';

/** Served for app routes while the SPA has not been built (`npm run build`). */
export function placeholderPage(): string {
  return page(
    'Client portal',
    `<h1>Client portal</h1>
     <div class="card"><p>The API is running at <code>/api</code>. The app has not been built yet: run <code>npm run build</code>.</p></div>`,
  );
}

/** Sends the placeholder page with the server pages' Content-Security-Policy. */
export function sendPlaceholder(reply: FastifyReply): FastifyReply {
  return reply.type('text/html').header('content-security-policy', pagePolicy).send(placeholderPage());
}
