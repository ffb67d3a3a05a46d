import { createHash } from 'node:crypto';

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => entities[c] ?? c);

/** The one style block of every server page, exactly as it stands between <style> and </style>. */
const pageStyle = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f5f7fb; color: #1d2433; }
  main { max-width: 34rem; margin: 0 auto; padding: 1.5rem 1rem; }
  h1 { font-size: 1.4rem; }
  .card { background: #fff; border-radius: 12px; padding: 1rem 1.25rem; margin: 1rem 0; box-shadow: 0 1px 3px rgb(0 0 0 / 0.12); }
  .actions { display: flex; gap: 0.75rem; flex-wrap: wrap; }
  button { font: inherit; padding: 0.7rem 1.4rem; border-radius: 8px; border: 0; cursor: pointer; color: #fff; }
  button:focus-visible { outline: 3px solid #1d2433; outline-offset: 2px; }
  .pay { background: #1a7f37; } .fail { background: #b42318; } .cancel { background: #475467; }
  pre { white-space: pre-wrap; word-break: break-word; }
`;

/**
 * The Content-Security-Policy of the server's own pages (the sandbox, the outbox, the placeholder): no
 * inline script (they have no script at all), and the only style is the block above, allowed by its
 * SHA-256 hash rather than by 'unsafe-inline', so that an injected <style> or style attribute would not
 * apply. Forms post only to this origin (the sandbox's Pay, Fail and Cancel); no other site may frame them.
 */
export const pagePolicy = [
  "default-src 'none'",
  "script-src 'self'",
  `style-src 'sha256-${createHash('sha256').update(pageStyle).digest('base64')}'`,
  // data: for the empty page icon only (no page asks for /favicon.ico, a 404 in every console).
  "img-src 'self' data:",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** A small standalone page (the sandbox, the outbox, the placeholder) in the portal's colours; served with `pagePolicy`. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<style>${pageStyle}</style>
</head>
<body><main>${body}</main></body>
</html>`;
}
