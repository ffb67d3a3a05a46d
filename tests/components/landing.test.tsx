import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { config } from '../../src/config.ts';
import { LandingScreen } from '../../src/screens/landing/landing-screen.tsx';

function renderScreen() {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="/" element={<LandingScreen />} />
        <Route path="/login" element={<h1>Login</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('Landing', () => {
  it('shows the logo, the tagline on two lines and the sub-line', () => {
    renderScreen();
    expect(screen.getByRole('img', { name: 'Tutoring service logo' })).toBeInTheDocument();
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent('Discover your next skill Learn anything you want!');
    expect(within(heading).getByText('Discover your next skill')).toBeInTheDocument();
    expect(within(heading).getByText('Learn anything you want!')).toBeInTheDocument();
    expect(screen.getByText('Learn and grow')).toBeInTheDocument();
  });

  it('Get Started is a plain link to /login', async () => {
    const user = userEvent.setup();
    renderScreen();
    const start = screen.getByRole('link', { name: 'Get Started' });
    expect(start).toHaveAttribute('href', '/login');

    await user.click(start);
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });

  it("shows the provider's web address in the footer", () => {
    renderScreen();
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent(config.providerHost);
    expect(within(footer).getByRole('link', { name: config.providerHost })).toHaveAttribute('href', `https://${config.providerHost}`);
  });
});
