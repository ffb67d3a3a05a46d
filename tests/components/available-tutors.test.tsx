import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type BookingDraft, emptyDraft, withForm, withLessons } from '../../machines/booking/booking-draft.ts';
import { writeDraft } from '../../src/booking/booking-draft-storage.ts';
import { BookClassScreen } from '../../src/screens/book-class/book-class-screen.tsx';
import { sampleForm, sampleLessons } from '../support/draft-fixtures.ts';
import { json, liveToken, stubNetwork } from '../support/network-stub.ts';
import { testUser } from '../support/render-screen.tsx';
import { renderWithSession } from '../support/render-session.tsx';
import { contractor } from '../support/contractor-fixtures.ts';

// The Available Tutors popup on /book-class: the package's price is what the client pays, so a tutor's own
// rate (the provider's `tutorprice`) is never shown beside a tutor's name (issue 18: 'Omar Farouk AED 90'
// beside a package of AED 60 a class).

const fetchMock = stubNetwork();

// The grid opens on the branch's today + 2: Wednesday 25 November 2026, 15:00 in Dubai is free.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-23T08:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Adam's SILVER package of 6 classes at AED 360, AED 60 a class. */
const silver = { ...sampleLessons, packageName: 'SILVER' as const, packageNames: { ...sampleLessons.packageNames, id: 2, name: 'SILVER', lessons: 6, total: 'AED 360' }, lessonCounts: { Mathematics: 1 } };
const draft: BookingDraft = withLessons(withForm(emptyDraft('new'), sampleForm), silver, '1 lesson per week · 6 lessons');

const tutor = (id: number, first_name: string, last_name: string, tutorprice: number) => ({ ...contractor(id, first_name), last_name, tutorprice });

function serve() {
  fetchMock.mockImplementation(async (request: Request) => {
    const { pathname } = new URL(request.url);
    if (pathname === '/api/subjectFilter/') return json([{ start: '2026-11-25T11:00:00Z', finish: '2026-11-25T12:00:00Z', apt_id: 1, contractor_id: 5 }]);
    if (pathname === `/api/clientsdata/${testUser.clientid}`) return json({ status: true, client: testUser });
    if (pathname.startsWith('/api/appointmentstwo/')) return json({ data: [] });
    if (pathname === `/api/freeassismentstatus/${testUser.clientid}`) return json({ success: false, message: 'Not used' });
    if (pathname === '/api/filter_tutor') return json({ data: [tutor(5, 'Omar', 'Farouk', 90), tutor(6, 'Amira', 'Haddad', 120.5)] });
    return json({ success: false, message: 'Not found' }, 404);
  });
}

describe('the Available Tutors popup', () => {
  it('names each tutor with Select, and shows no price of a tutor (the package price is what is paid)', async () => {
    serve();
    writeDraft(draft);
    const router = createMemoryRouter([{ path: '/book-class', element: <BookClassScreen /> }], { initialEntries: ['/book-class'] });
    renderWithSession(<RouterProvider router={router} />, { stored: { token: liveToken(), user: testUser } });

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Wed 25 Nov 2026 · 15:00 Dubai time, free' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Available Tutors' }));
    expect(await dialog.findByText('Omar Farouk')).toBeVisible();
    expect(dialog.getByText('Amira Haddad')).toBeVisible();
    expect(dialog.getByRole('button', { name: 'Select Omar Farouk' })).toBeEnabled();
    expect(dialog.getByRole('button', { name: 'Select Amira Haddad' })).toBeEnabled();
    // No amount at all in the popup: neither the tutors' rates nor any other price.
    expect(screen.getByRole('dialog', { name: 'Available Tutors' }).textContent).not.toMatch(/AED|\b90\b|120/);
  });
});
