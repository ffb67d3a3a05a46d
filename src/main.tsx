import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createRouter } from './app/router.tsx';
import { warmBranchTimeZone } from './app/warm-time-zone.ts';
import { startDevInspection } from './inspection/machine-inspection.ts';
import './styles/global.css';

// Vite's dev server only: a build then carries neither the inspector's chunk nor the code that would load it.
if (import.meta.env.DEV) startDevInspection();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={createRouter()} />
    </StrictMode>,
  );
  warmBranchTimeZone();
}
