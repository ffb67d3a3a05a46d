import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// The app shell, routes and screens come with the issue that builds them; until then the built
// page says so, and the API it will use is already served at /api.
function Placeholder() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: '34rem', margin: '0 auto', padding: '1.5rem 1rem' }}>
      <h1>Client portal</h1>
      <p>The API is running at /api. The screens are not built yet.</p>
    </main>
  );
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<StrictMode><Placeholder /></StrictMode>);
