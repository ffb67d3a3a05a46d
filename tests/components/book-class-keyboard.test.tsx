import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type BookingDraft } from '../../machines/booking/booking-draft.ts';
import { goldDraft } from '../support/draft-fixtures.ts';
import { AppLayout } from '../../src/app/app-layout.tsx';
import { writeDraft } from '../../src/booking/booking-draft-storage.ts';
import { BookClassScreen } from '../../src/screens/book-class/book-class-screen.tsx';
import { json, liveToken, stubNetwork } from '../support/network-stub.ts';
import { testUser } from '../support/render-screen.tsx';
import { renderWithSession } from '../support/render-session.tsx';

// The slot grid by keyboard and screen reader (issue 19, WAI-ARIA grid pattern), on /book-class.

const fetchMock = stubNetwork();

// Monday 23 November 2026 in Dubai: the grid opens on Wednesday the 25th (today + 2).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-23T08:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

const draft: BookingDraft = goldDraft();

// The tutors' free hours in Dubai. 1st week: Wednesday the 25th 15:00 and 16:00, Thursday 15:00, Saturday
// 09:00 and 16:00 (Sunday to Tuesday are too soon, Friday has no tutor). 2nd week: Wednesday 2 December
// 15:00 and 16:00, Friday the 4th 16:00. 3rd week: none. 4th week: Wednesday the 16th 15:00.
const hours: [string, string][] = [
  ['2026-11-25', '15:00'],
  ['2026-11-25', '16:00'],
  ['2026-11-26', '15:00'],
  ['2026-11-28', '09:00'],
  ['2026-11-28', '16:00'],
  ['2026-12-02', '15:00'],
  ['2026-12-02', '16:00'],
  ['2026-12-04', '16:00'],
  ['2026-12-16', '15:00'],
];
const windows = hours.map(([date, time], i) => {
  const start = Date.parse(`${date}T${time}:00+04:00`);
  return { start: new Date(start).toISOString(), finish: new Date(start + 3_600_000).toISOString(), apt_id: i + 1, contractor_id: 5 };
});
const amira = { id: 5, first_name: 'Amira', last_name: 'Haddad', photo: null, subject: [{ name: 'Mathematics' }], quallevel: 13, town: 'Dubai', country: 'UAE', qualifications: '', speciality: '', bio: '', tutorprice: 120, availability: [] };

function serve() {
  fetchMock.mockImplementation(async (request: Request) => {
    const { pathname } = new URL(request.url);
    if (pathname === '/api/subjectFilter/') return json(windows);
    if (pathname === `/api/clientsdata/${testUser.clientid}`) return json({ status: true, client: testUser });
    if (pathname === `/api/appointmentstwo/${testUser.studentdetails[0]?.id}`) return json({ data: [] });
    if (pathname === `/api/freeassismentstatus/${testUser.clientid}`) return json({ success: false, message: 'Not used' });
    if (pathname === '/api/filter_tutor') return json({ data: [amira] });
    return json({ success: false, message: 'Not found' }, 404);
  });
}

async function renderGrid() {
  serve();
  writeDraft(draft);
  const router = createMemoryRouter([{ element: <AppLayout />, children: [{ path: '/book-class', element: <BookClassScreen /> }] }], { initialEntries: ['/book-class'] });
  renderWithSession(<RouterProvider router={router} />, { stored: { token: liveToken(), user: testUser } });
  await screen.findByRole('grid', { name: 'Hours of the week' });
  return userEvent.setup();
}

const grid = () => within(screen.getByRole('grid', { name: 'Hours of the week' }));
/** The hour that has the focus, by its accessible name. */
const focused = () => document.activeElement?.getAttribute('aria-label');
const weekPressed = () => screen.getAllByRole('button', { name: /Week$/, pressed: true }).map((tab) => tab.textContent);

/** Tabs from the last control before the grid into it. */
async function tabIntoGrid(ui: ReturnType<typeof userEvent.setup>) {
  screen.getByRole('button', { name: 'Next weeks' }).focus();
  await ui.tab();
}

describe('the slot grid by keyboard', () => {
  it('is one Tab stop: in on the first free hour, out to the next control', async () => {
    const ui = await renderGrid();
    // Every hour but one is out of the Tab order.
    expect(grid().getAllByRole('button').filter((button) => button.tabIndex === 0)).toHaveLength(1);
    await tabIntoGrid(ui);
    expect(focused()).toBe('Wed 25 Nov 2026 · 15:00 Dubai time, free');
    await ui.tab();
    expect(screen.getByRole('checkbox', { name: 'Free Assessment' })).toHaveFocus();
    // Back in: the hour focused last.
    await ui.tab({ shift: true });
    expect(focused()).toBe('Wed 25 Nov 2026 · 15:00 Dubai time, free');
  });

  it('moves by arrow keys between the hours that exist, and stays at an edge', async () => {
    const ui = await renderGrid();
    await tabIntoGrid(ui);
    // Down: the day's next hour; none after 16:00.
    await ui.keyboard('{ArrowDown}');
    expect(focused()).toBe('Wed 25 Nov 2026 · 16:00 Dubai time, free');
    await ui.keyboard('{ArrowDown}');
    expect(focused()).toBe('Wed 25 Nov 2026 · 16:00 Dubai time, free');
    // Right: the same hour on the next day that has it (Thursday and Friday have no 16:00).
    await ui.keyboard('{ArrowRight}');
    expect(focused()).toBe('Sat 28 Nov 2026 · 16:00 Dubai time, free');
    await ui.keyboard('{ArrowRight}');
    expect(focused()).toBe('Sat 28 Nov 2026 · 16:00 Dubai time, free');
    // Up: the day's previous hour.
    await ui.keyboard('{ArrowUp}');
    expect(focused()).toBe('Sat 28 Nov 2026 · 09:00 Dubai time, free');
    // Left: no earlier day has 09:00.
    await ui.keyboard('{ArrowLeft}');
    expect(focused()).toBe('Sat 28 Nov 2026 · 09:00 Dubai time, free');
    await ui.keyboard('{ArrowDown}{ArrowLeft}');
    expect(focused()).toBe('Wed 25 Nov 2026 · 16:00 Dubai time, free');
    await ui.keyboard('{ArrowUp}{ArrowRight}');
    expect(focused()).toBe('Thu 26 Nov 2026 · 15:00 Dubai time, free');
    await ui.keyboard('{ArrowLeft}');
    expect(focused()).toBe('Wed 25 Nov 2026 · 15:00 Dubai time, free');
    // The focused hour is the grid's Tab stop.
    expect(grid().getAllByRole('button').filter((button) => button.tabIndex === 0).map((button) => button.getAttribute('aria-label'))).toEqual(['Wed 25 Nov 2026 · 15:00 Dubai time, free']);
  });

  it('Home and End go along the hour row; Ctrl+Home and Ctrl+End to the first and last hour of the week', async () => {
    const ui = await renderGrid();
    await tabIntoGrid(ui);
    await ui.keyboard('{ArrowDown}{End}');
    expect(focused()).toBe('Sat 28 Nov 2026 · 16:00 Dubai time, free');
    await ui.keyboard('{Home}');
    expect(focused()).toBe('Wed 25 Nov 2026 · 16:00 Dubai time, free');
    await ui.keyboard('{Control>}{End}{/Control}');
    expect(focused()).toBe('Sat 28 Nov 2026 · 16:00 Dubai time, free');
    await ui.keyboard('{Control>}{Home}{/Control}');
    expect(focused()).toBe('Wed 25 Nov 2026 · 15:00 Dubai time, free');
  });

  it('Page Down and Page Up show the next and previous week, the focus kept in the grid', async () => {
    const ui = await renderGrid();
    await tabIntoGrid(ui);
    // No week before the first: nothing moves.
    await ui.keyboard('{PageUp}');
    expect(weekPressed()).toEqual(['1st Week']);
    expect(focused()).toBe('Wed 25 Nov 2026 · 15:00 Dubai time, free');
    // The same weekday and hour next week.
    await ui.keyboard('{PageDown}');
    expect(weekPressed()).toEqual(['2nd Week']);
    expect(focused()).toBe('Wed 2 Dec 2026 · 15:00 Dubai time, free');
    await ui.keyboard('{PageUp}');
    expect(weekPressed()).toEqual(['1st Week']);
    expect(focused()).toBe('Wed 25 Nov 2026 · 15:00 Dubai time, free');
    // Saturday has no hour next week, nor has 09:00 any day: the week's first hour.
    await ui.keyboard('{Control>}{End}{/Control}{ArrowUp}');
    expect(focused()).toBe('Sat 28 Nov 2026 · 09:00 Dubai time, free');
    await ui.keyboard('{PageDown}');
    expect(focused()).toBe('Wed 2 Dec 2026 · 15:00 Dubai time, free');
    // A week without hours: the grid itself keeps the focus, and says why.
    await ui.keyboard('{PageDown}');
    expect(weekPressed()).toEqual(['3rd Week']);
    expect(screen.getByRole('grid', { name: 'Hours of the week' })).toHaveFocus();
    expect(screen.getByRole('grid')).toHaveAccessibleDescription('Times are Dubai time No free hours this week.');
    // Page Down goes on from there, onto the next page of week tabs.
    await ui.keyboard('{PageDown}');
    expect(weekPressed()).toEqual(['4th Week']);
    expect(focused()).toBe('Wed 16 Dec 2026 · 15:00 Dubai time, free');
  });

  it('Enter opens Available Tutors for the hour; Escape closes it and the focus is back on that hour', async () => {
    const ui = await renderGrid();
    await tabIntoGrid(ui);
    await ui.keyboard('{ArrowDown}{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Available Tutors' });
    expect(within(dialog).getByText('Wed 25 Nov 2026 · 16:00 Dubai time · Mathematics')).toBeVisible();
    await within(dialog).findByRole('button', { name: 'Select Amira Haddad' });
    // The browser's Escape on a modal <dialog> arrives as 'cancel'.
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog', { name: 'Available Tutors' })).toBeNull();
    expect(focused()).toBe('Wed 25 Nov 2026 · 16:00 Dubai time, free');
    // Space presses it too; choosing a tutor selects it, and the focus is on it, re-rendered as selected.
    await ui.keyboard(' ');
    await ui.click(await within(screen.getByRole('dialog', { name: 'Available Tutors' })).findByRole('button', { name: 'Select Amira Haddad' }));
    expect(focused()).toBe('Wed 25 Nov 2026 · 16:00 Dubai time, selected');
    expect(document.activeElement).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('the slot grid for a screen reader', () => {
  it('names every hour with its day, time, zone and state, and every day with its date and why it has no hour', async () => {
    const ui = await renderGrid();
    expect(screen.getByText('Times are Dubai time')).toBeVisible();
    expect(grid().getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'Sat 28 Nov 2026 · 09:00 Dubai time, free',
      'Wed 25 Nov 2026 · 15:00 Dubai time, free',
      'Thu 26 Nov 2026 · 15:00 Dubai time, free',
      'Wed 25 Nov 2026 · 16:00 Dubai time, free',
      'Sat 28 Nov 2026 · 16:00 Dubai time, free',
    ]);
    // The column headers: the day in full, and why a day has no hour (a short word, and the reason as its description).
    expect(grid().getAllByRole('columnheader').map((header) => header.textContent?.replace(/^[A-Z]{2}\d+/, ''))).toEqual([
      'Sun 22 Nov 2026 Too soon',
      'Mon 23 Nov 2026 Too soon',
      'Tue 24 Nov 2026 Too soon',
      'Wed 25 Nov 2026',
      'Thu 26 Nov 2026',
      'Fri 27 Nov 2026 No tutor',
      'Sat 28 Nov 2026',
    ]);
    expect(grid().getByRole('columnheader', { name: 'Sun 22 Nov 2026 Too soon' })).toHaveAccessibleDescription('Too soon: lessons are booked at least 2 days ahead.');
    expect(grid().getByRole('columnheader', { name: 'Fri 27 Nov 2026 No tutor' })).toHaveAccessibleDescription('No tutor free this day.');
    expect(grid().getByRole('columnheader', { name: 'Wed 25 Nov 2026' })).not.toHaveAccessibleDescription();
    // Chosen for Mathematics: selected there, taken by Mathematics on the English tab.
    await ui.click(grid().getByRole('button', { name: 'Wed 25 Nov 2026 · 15:00 Dubai time, free' }));
    await ui.click(await within(screen.getByRole('dialog', { name: 'Available Tutors' })).findByRole('button', { name: 'Select Amira Haddad' }));
    expect(grid().getByRole('button', { name: 'Wed 25 Nov 2026 · 15:00 Dubai time, selected' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Remove Wed 25 Nov 2026 · 15:00 Dubai time · Mathematics · Amira Haddad' })).toBeVisible();
    await ui.click(screen.getByRole('button', { name: 'English 0' }));
    expect(grid().getByRole('button', { name: 'Wed 25 Nov 2026 · 15:00 Dubai time, taken by Mathematics' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('a week without a free hour says so and offers the next week that has one; the button goes there', async () => {
    const ui = await renderGrid();
    await ui.click(screen.getByRole('button', { name: '3rd Week' }));
    expect(grid().queryAllByRole('button')).toEqual([]);
    expect(screen.getByText('No free hours this week.')).toBeVisible();
    // Every day of it has no tutor.
    expect(grid().getAllByRole('columnheader', { name: / No tutor$/ })).toHaveLength(7);
    await ui.click(screen.getByRole('button', { name: 'Show week of Sun 13 Dec 2026' }));
    expect(weekPressed()).toEqual(['4th Week']);
    expect(screen.queryByText('No free hours this week.')).toBeNull();
    // The focus goes into the grid, on the week's first free hour.
    expect(focused()).toBe('Wed 16 Dec 2026 · 15:00 Dubai time, free');
    // After the last hour there is no week to offer.
    await ui.click(screen.getByRole('button', { name: '5th Week' }));
    expect(screen.getByText('No free hours this week.')).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Show week of/ })).toBeNull();
  });
});
