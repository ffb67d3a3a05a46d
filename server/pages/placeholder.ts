import { page } from './html.ts';

/** Served for app routes while the SPA has not been built (`npm run build`). */
export function placeholderPage(): string {
  return page(
    'Client portal',
    `<h1>Client portal</h1>
     <div class="card"><p>The API is running at <code>/api</code>. The app has not been built yet: run <code>npm run build</code>.</p></div>`,
  );
}
