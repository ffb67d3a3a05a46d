import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routes } from '../../src/app/router.tsx';
import { stubNetwork } from '../support/network-stub.ts';

stubNetwork();

// The console guard (tests/support/console-guard.ts) fails a test on any warning, React Router's
// 'No `HydrateFallback` element provided to render during initial hydration' included.
describe('the app router', () => {
  it.each([
    ['/', { name: /Discover your next skill/ }],
    ['/login', { name: 'Login' }],
  ])('opens %s with a spinner while its code loads, and no warning', async (path, heading) => {
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', heading)).toBeVisible();
  });
});
