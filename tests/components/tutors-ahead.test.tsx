import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tutorInfoFailedText } from '../../src/api/calls/slots.ts';
import { writeDraft } from '../../src/booking/booking-draft-storage.ts';
import { BookClassScreen } from '../../src/screens/book-class/book-class-screen.tsx';
import { goldDraft } from '../support/draft-fixtures.ts';
import { json, liveToken, sentTo, stubNetwork } from '../support/network-stub.ts';
import { testUser } from '../support/render-screen.tsx';
import { renderWithSession } from '../support/render-session.tsx';
import { contractor } from '../support/contractor-fixtures.ts';

// The Available Tutors dialog of /book-class lists the tutors the grid read ahead for the week shown (issue 20,
// item 3): a tap does not wait on GET /filter_tutor; an hour not read ahead, or whose read failed, is asked then.

const fetchMock = stubNetwork();

// The grid opens on the branch's today + 2: Wednesday 25 November 2026.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-23T08:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

// 1st week: Wednesday 25 November 15:00 and 16:00, Thursday 26 15:00 (Dubai). 2nd week: Wednesday 2 December 15:00.
const firstWeek = [
  { start: '2026-11-25T11:00:00Z', finish: '2026-11-25T13:00:00Z', apt_id: 1, contractor_id: 5 },
  { start: '2026-11-26T11:00:00Z', finish: '2026-11-26T12:00:00Z', apt_id: 2, contractor_id: 6 },
];
const secondWeek = [{ start: '2026-12-02T11:00:00Z', finish: '2026-12-02T12:00:00Z', apt_id: 3, contractor_id: 5 }];


/** The tutor free at a Dubai hour: a different one per hour, so that a dialog shows which hour's answer it has. */
const tutorAt = (date: string, time: string) => contractor(5, `${date === '2026-12-02' ? 'Dec' : 'Nov'}${time.slice(0, 2)}`);

type TutorAnswer = (query: URLSearchParams) => Response | Promise<Response>;

function serve({ windows = [...firstWeek, ...secondWeek], tutors = (query) => json({ data: [tutorAt(query.get('date') ?? '', query.get('time') ?? '')] }) }: { windows?: object[]; tutors?: TutorAnswer } = {}) {
  fetchMock.mockImplementation(async (request: Request) => {
    const url = new URL(request.url);
    if (url.pathname === '/api/subjectFilter/') return json(windows);
    if (url.pathname === `/api/clientsdata/${testUser.clientid}`) return json({ status: true, client: testUser });
    if (url.pathname.startsWith('/api/appointmentstwo/')) return json({ data: [] });
    if (url.pathname === `/api/freeassismentstatus/${testUser.clientid}`) return json({ success: false, message: 'Not used' });
    if (url.pathname === '/api/filter_tutor') return tutors(url.searchParams);
    return json({ success: false, message: 'Not found' }, 404);
  });
}

function renderBookClass() {
  writeDraft(goldDraft());
  const router = createMemoryRouter([{ path: '/book-class', element: <BookClassScreen /> }], { initialEntries: ['/book-class'] });
  renderWithSession(<RouterProvider router={router} />, { stored: { token: liveToken(), user: testUser } });
}

/** The hours GET /filter_tutor was asked for, as 'subject date time', in the order asked. */
const askedHours = () =>
  sentTo(fetchMock, '/api/filter_tutor').map((request) => {
    const query = new URL(request.url).searchParams;
    return `${query.get('subject')} ${query.get('date')} ${query.get('time')}`;
  });

const hour = (name: string) => screen.getByRole('button', { name: `${name} Dubai time, free` });
const dialog = () => within(screen.getByRole('dialog', { name: 'Available Tutors' }));

describe('the tutors of the week shown, read ahead', () => {
  it('are asked for every free hour of the week shown, and a tap lists its hour’s tutors without asking again', async () => {
    serve();
    renderBookClass();
    const ui = userEvent.setup();
    await screen.findByRole('button', { name: 'Wed 25 Nov 2026 · 15:00 Dubai time, free' });
    await waitFor(() => expect(askedHours()).toHaveLength(3));
    expect(askedHours()).toEqual(['Mathematics 2026-11-25 15:00', 'Mathematics 2026-11-25 16:00', 'Mathematics 2026-11-26 15:00']);
    const [request] = sentTo(fetchMock, '/api/filter_tutor');
    expect(Object.fromEntries(new URL(request?.url ?? '').searchParams)).toEqual({ subject: 'Mathematics', date: '2026-11-25', time: '15:00', quallevel: '5', branch_id: String(testUser.branch_id) });

    await ui.click(hour('Wed 25 Nov 2026 · 16:00'));
    expect(await dialog().findByRole('button', { name: 'Select Nov16 Haddad' })).toBeVisible();
    expect(askedHours()).toHaveLength(3);

    // Another hour's answer is its own.
    await ui.click(dialog().getByRole('button', { name: 'Close' }));
    await ui.click(hour('Thu 26 Nov 2026 · 15:00'));
    expect(await dialog().findByRole('button', { name: 'Select Nov15 Haddad' })).toBeVisible();
    expect(askedHours()).toHaveLength(3);
  });

  it('serve one look: the same hour opened again is asked afresh', async () => {
    serve();
    renderBookClass();
    const ui = userEvent.setup();
    await screen.findByRole('button', { name: 'Wed 25 Nov 2026 · 15:00 Dubai time, free' });
    await waitFor(() => expect(askedHours()).toHaveLength(3));
    await ui.click(hour('Wed 25 Nov 2026 · 15:00'));
    expect(await dialog().findByText('Nov15 Haddad')).toBeVisible();
    await ui.click(dialog().getByRole('button', { name: 'Close' }));
    serve({ tutors: () => json({ data: [contractor(7, 'Later')] }) });
    await ui.click(hour('Wed 25 Nov 2026 · 15:00'));
    expect(await dialog().findByText('Later Haddad')).toBeVisible();
    expect(askedHours()).toEqual(['Mathematics 2026-11-25 15:00', 'Mathematics 2026-11-25 16:00', 'Mathematics 2026-11-26 15:00', 'Mathematics 2026-11-25 15:00']);
  });

  it('are asked again for the hours of another week, and of another subject', async () => {
    serve();
    renderBookClass();
    const ui = userEvent.setup();
    await screen.findByRole('button', { name: 'Wed 25 Nov 2026 · 15:00 Dubai time, free' });
    await waitFor(() => expect(askedHours()).toHaveLength(3));

    await ui.click(screen.getByRole('button', { name: '2nd Week' }));
    await waitFor(() => expect(askedHours()).toHaveLength(4));
    expect(askedHours()[3]).toBe('Mathematics 2026-12-02 15:00');
    await ui.click(hour('Wed 2 Dec 2026 · 15:00'));
    expect(await dialog().findByText('Dec15 Haddad')).toBeVisible();
    expect(askedHours()).toHaveLength(4);
    await ui.click(dialog().getByRole('button', { name: 'Close' }));

    await ui.click(screen.getByRole('button', { name: 'English 0' }));
    await waitFor(() => expect(askedHours()).toHaveLength(5));
    expect(askedHours()[4]).toBe('English 2026-12-02 15:00');
    await ui.click(hour('Wed 2 Dec 2026 · 15:00'));
    expect(await dialog().findByText('Dec15 Haddad')).toBeVisible();
    expect(askedHours()).toHaveLength(5);
  });

  it('are asked a few at a time, and those of a week no longer shown that have not been asked are dropped', async () => {
    // Wednesday 25 November 09:00 to 17:00: eight free hours in the 1st week.
    const held: (() => void)[] = [];
    serve({
      windows: [{ start: '2026-11-25T05:00:00Z', finish: '2026-11-25T13:00:00Z', apt_id: 1, contractor_id: 5 }, ...secondWeek],
      tutors: (query) => new Promise<Response>((resolve) => held.push(() => resolve(json({ data: [tutorAt(query.get('date') ?? '', query.get('time') ?? '')] })))),
    });
    renderBookClass();
    const ui = userEvent.setup();
    await screen.findByRole('button', { name: 'Wed 25 Nov 2026 · 09:00 Dubai time, free' });
    await waitFor(() => expect(askedHours()).toHaveLength(4));
    expect(askedHours()).toEqual(['09:00', '10:00', '11:00', '12:00'].map((time) => `Mathematics 2026-11-25 ${time}`));

    await ui.click(screen.getByRole('button', { name: '2nd Week' }));
    await waitFor(() => expect(askedHours()).toHaveLength(5));
    expect(askedHours()[4]).toBe('Mathematics 2026-12-02 15:00');
    for (const answer of held.splice(0)) answer();
    await ui.click(hour('Wed 2 Dec 2026 · 15:00'));
    expect(await dialog().findByText('Dec15 Haddad')).toBeVisible();
    // The 1st week's 13:00 to 16:00 were never asked.
    expect(askedHours()).toHaveLength(5);
  });

  it('that failed leave the tap to ask, which lists the tutors', async () => {
    serve({ tutors: () => json({ success: false, message: 'Down' }, 500) });
    renderBookClass();
    const ui = userEvent.setup();
    await screen.findByRole('button', { name: 'Wed 25 Nov 2026 · 15:00 Dubai time, free' });
    await waitFor(() => expect(askedHours()).toHaveLength(3));
    serve();
    await ui.click(hour('Wed 25 Nov 2026 · 16:00'));
    expect(await dialog().findByRole('button', { name: 'Select Nov16 Haddad' })).toBeVisible();
    expect(askedHours()).toEqual(['Mathematics 2026-11-25 15:00', 'Mathematics 2026-11-25 16:00', 'Mathematics 2026-11-26 15:00', 'Mathematics 2026-11-25 16:00']);
  });

  it('that failed leave the tap to ask, which says so when it fails too', async () => {
    serve({ tutors: () => json({ success: false, message: 'Down' }, 500) });
    renderBookClass();
    const ui = userEvent.setup();
    await screen.findByRole('button', { name: 'Wed 25 Nov 2026 · 15:00 Dubai time, free' });
    await waitFor(() => expect(askedHours()).toHaveLength(3));
    await ui.click(hour('Wed 25 Nov 2026 · 16:00'));
    expect(await dialog().findByRole('alert')).toHaveTextContent(tutorInfoFailedText);
    expect(askedHours()).toHaveLength(4);
  });
});
