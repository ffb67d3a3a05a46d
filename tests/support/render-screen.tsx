import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ToastContainer } from 'react-toastify';
import type { User } from '../../src/storage/browser-storage.ts';

/** The signed-in client of component tests: two students. */
export const testUser: User = {
  firstname: 'Sarah',
  lastname: 'Ahmed',
  clientid: 7,
  branch_id: 1,
  email: 'parent@example.com',
  branch_time_zone: 'Asia/Dubai',
  studentdetails: [
    { id: 11, first_name: 'Adam', last_name: 'Ahmed', paying_client: 7 },
    { id: 12, first_name: 'Lina', last_name: 'Ahmed', paying_client: 7 },
  ],
};

/**
 * A screen at `at` (matched by `path`) with what the app gives it: server-state cache (no retries,
 * so a failure shows at once), a router, and the toast region. `elsewhere` are the pages it may go to.
 */
export function renderScreen(screenElement: ReactNode, { path, at = path, elsewhere = {} }: { path: string; at?: string; elsewhere?: Record<string, ReactNode> }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path={path} element={screenElement} />
          {Object.entries(elsewhere).map(([to, element]) => (
            <Route key={to} path={to} element={element} />
          ))}
        </Routes>
      </MemoryRouter>
      <ToastContainer />
    </QueryClientProvider>,
  );
}

export const toasts = () => within(screen.getByRole('region', { name: 'Notifications Alt+T' }));
