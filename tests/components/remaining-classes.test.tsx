import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { components } from '../../contract/schema.d.ts';
import { clientPackagesFailedText } from '../../src/api/calls/booking.ts';
import { AppLayout } from '../../src/app/app-layout.tsx';
import { readDraft } from '../../src/booking/booking-draft-storage.ts';
import { RemainingClassesScreen } from '../../src/screens/remaining-classes/remaining-classes-screen.tsx';
import { json, liveToken, sentTo, stubNetwork } from '../support/network-stub.ts';
import { testUser } from '../support/render-screen.tsx';
import { renderWithSession } from '../support/render-session.tsx';

type ClientPackage = components['schemas']['ClientPackage'];

const fetchMock = stubNetwork();

const form = { students: 1, name1: 'Adam Ahmed', name2: '', programOne: 1, program: 'Year 5 / Grade 4', subject: ['Mathematics'], studyType: null };

const clientPackage = (id: number, packageForm: string, more: Partial<ClientPackage> = {}): ClientPackage => ({
  id,
  clientid: testUser.clientid,
  packageForm,
  bookingdata: { bookdata: [] },
  purches_status: 1,
  booked_classess: 8,
  total_classess: 12,
  remaining_classess: 4,
  completed_classess: 2,
  created_at: `2026-11-0${id}T10:00:00Z`,
  ...more,
});

const saved = (packageName: string, studentName: Record<string, string>, packageFormData: unknown = form) => JSON.stringify({ lessonData: { packageName, studentName }, packageFormData });

function serve(answer: () => Response) {
  fetchMock.mockImplementation(async (request: Request) => {
    const { pathname } = new URL(request.url);
    if (pathname === `/api/client-packages/${testUser.clientid}`) return answer();
    return json({ success: false, message: 'Not found' }, 404);
  });
}

function renderRemainingClasses() {
  return renderWithSession(
    <MemoryRouter initialEntries={['/remaining-classes']}>
      <Routes>
        <Route element={<AppLayout />}>
          <Route path="/remaining-classes" element={<RemainingClassesScreen />} />
          <Route path="/remaining-package" element={<h1>Remaining package page</h1>} />
          <Route path="/dashboard" element={<h1>Dashboard page</h1>} />
        </Route>
      </Routes>
    </MemoryRouter>,
    { stored: { token: liveToken(), user: testUser } },
  );
}

const row = (name: string) => screen.getByRole('article', { name });

describe('remaining classes', () => {
  it('lists the paid packages, newest first, with their students and booked, total and remaining classes', async () => {
    serve(() =>
      json({
        success: true,
        data: [
          clientPackage(3, saved('PLATINUM', { name1: 'Lina Ahmed' }), { purches_status: 0 }),
          clientPackage(1, saved('SILVER', { name1: 'Adam Ahmed' }), { booked_classess: 6, total_classess: 6, remaining_classess: 0 }),
          clientPackage(2, saved('GOLD', { name1: 'Adam Ahmed', name2: 'Lina Ahmed' })),
        ],
      }),
    );
    renderRemainingClasses();
    expect(screen.getByRole('status', { name: 'Loading packages' })).toBeVisible();
    expect(await screen.findByRole('article', { name: 'GOLD' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Remaining Classes' })).toBeInTheDocument();
    expect(screen.getAllByRole('article').map((article) => within(article).getByRole('heading').textContent)).toEqual(['GOLD', 'SILVER']);

    const gold = within(row('GOLD'));
    expect(gold.getByText('Adam Ahmed, Lina Ahmed')).toBeVisible();
    const counts = (name: string) => within(row(name)).getAllByRole('term').map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);
    expect(counts('GOLD')).toEqual(['Booked 8', 'Total 12', 'Remaining 4']);
    expect(gold.getByRole('button', { name: 'Book remaining classes' })).toBeEnabled();

    const silver = within(row('SILVER'));
    expect(counts('SILVER')).toEqual(['Booked 6', 'Total 6', 'Remaining 0']);
    expect(silver.queryByRole('button', { name: 'Book remaining classes' })).toBeNull();
  });

  it("'Book remaining classes' stores the package's draft and opens /remaining-package", async () => {
    serve(() => json({ success: true, data: [clientPackage(2, saved('GOLD', { name1: 'Adam Ahmed' }))] }));
    renderRemainingClasses();
    await userEvent.click(await screen.findByRole('button', { name: 'Book remaining classes' }));
    expect(await screen.findByRole('heading', { name: 'Remaining package page' })).toBeVisible();
    expect(readDraft()).toMatchObject({ entry: 'remaining', clientPackageId: 2, form, lessons: null });
  });

  it("a package whose packageForm cannot be read says so and cannot be opened; one without a name is 'Unknown Package'", async () => {
    serve(() => json({ success: true, data: [clientPackage(2, 'not json'), clientPackage(1, saved('GOLD', { name1: 'Adam Ahmed' }, { students: 1 }))] }));
    renderRemainingClasses();
    const unknown = within(await screen.findByRole('article', { name: 'Unknown Package' }));
    const book = unknown.getByRole('button', { name: 'Book remaining classes' });
    expect(book).toBeDisabled();
    expect(book).toHaveAccessibleDescription('This package could not be opened. Please contact us.');
    expect(within(row('GOLD')).getByRole('button', { name: 'Book remaining classes' })).toBeDisabled();
  });

  it('with no paid package, says so and offers a new booking', async () => {
    serve(() => json({ success: true, data: [clientPackage(1, saved('GOLD', { name1: 'Adam Ahmed' }), { purches_status: 0 })] }));
    renderRemainingClasses();
    expect(await screen.findByText('You have no packages yet.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'New Booking' })).toHaveAttribute('href', '/new-booking');
  });

  it('a failed load shows why with Retry, and retrying loads', async () => {
    let fail = true;
    serve(() => (fail ? new Response('', { status: 500 }) : json({ success: true, data: [clientPackage(2, saved('GOLD', { name1: 'Adam Ahmed' }))] })));
    renderRemainingClasses();
    expect(await screen.findByRole('alert')).toHaveTextContent(clientPackagesFailedText);
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'GOLD' })).toBeVisible();
    expect(sentTo(fetchMock, `/api/client-packages/${testUser.clientid}`)).toHaveLength(2);
  });

  it('Back goes to the dashboard', async () => {
    serve(() => json({ success: true, data: [] }));
    renderRemainingClasses();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeVisible();
  });
});
