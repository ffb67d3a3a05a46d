import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { googleCalendarLink } from '../../machines/rules/google-calendar-link.ts';
import { AddToCalendar, type AddToCalendarProps } from '../../src/screens/manage-booking/add-to-calendar.tsx';
import { expectConsole } from '../support/console-guard.ts';
import { json, liveToken, sentTo, stubNetwork } from '../support/network-stub.ts';
import { testUser } from '../support/render-screen.tsx';
import { renderWithSession } from '../support/render-session.tsx';

const fetchMock = stubNetwork();
const token = liveToken();

const lesson: AddToCalendarProps = {
  lessonId: 41,
  subject: 'Mathematics',
  tutor: 'Noor Haddad',
  students: 'Adam Ahmed',
  start: '2026-11-28T05:00:00.000Z',
  finish: '2026-11-28T06:00:00.000Z',
  timeZone: 'Asia/Dubai',
};

const ics = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:lesson-41@portal.example', 'SUMMARY:Mathematics lesson with Noor Haddad', 'END:VEVENT', 'END:VCALENDAR', ''].join('\r\n');
const calendarFile = () => new Response(ics, { status: 200, headers: { 'Content-Type': 'text/calendar; charset=utf-8', 'Content-Disposition': 'attachment; filename="lesson-41.ics"' } });

const buttonName = 'Add to calendar: Mathematics, Sat 28 Nov 2026 · 09:00';
const fileCalls = () => sentTo(fetchMock, '/api/calendar/lessons/41');

/** What the browser was handed: the Blob URLs made and revoked, and each link clicked (as it was at the click). */
let blobs: Blob[];
let revoked: string[];
let clicked: { href: string; download: string; inDocument: boolean }[];

beforeEach(() => {
  blobs = [];
  revoked = [];
  clicked = [];
  // The test DOM makes no Blob URLs a test can read and does not download: both are watched here instead.
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      blobs.push(blob);
      return `blob:http://localhost/${blobs.length}`;
    },
    revokeObjectURL: (url: string) => void revoked.push(url),
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download, inDocument: this.isConnected });
  });
});

afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

function renderCard(props: AddToCalendarProps = lesson) {
  return renderWithSession(<AddToCalendar {...props} />, { stored: { token, user: testUser } });
}

describe('Add to calendar on an upcoming lesson', () => {
  it('names both controls after their lesson, and links to Google Calendar in a new tab', () => {
    renderCard();
    expect(screen.getByRole('button', { name: buttonName })).toHaveTextContent('Add to calendar');
    const google = screen.getByRole('link', { name: 'Add to Google Calendar: Mathematics, Sat 28 Nov 2026 · 09:00 (opens in a new tab)' });
    expect(google).toHaveTextContent('Add to Google Calendar');
    expect(google).toHaveAttribute('href', googleCalendarLink(lesson, { origin: window.location.origin }));
    expect(google.getAttribute('href')).toContain('&dates=20261128T050000Z/20261128T060000Z&');
    expect(new URL(google.getAttribute('href') ?? '').searchParams.get('details')).toContain(`Manage Booking: ${window.location.origin}/manage-booking`);
    expect(google).toHaveAttribute('target', '_blank');
    expect(google.getAttribute('rel')).toContain('noopener');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("downloads the server's .ics of that lesson as lesson-<id>.ics, through a Blob URL it then revokes", async () => {
    fetchMock.mockImplementation(async () => calendarFile());
    renderCard();
    await userEvent.click(screen.getByRole('button', { name: buttonName }));

    await waitFor(() => expect(clicked).toHaveLength(1));
    const [request] = fileCalls();
    expect(request?.method).toBe('GET');
    expect(request?.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    const [blob] = blobs;
    expect(blob?.type).toBe('text/calendar;charset=utf-8');
    expect(await blob?.text()).toBe(ics);
    expect(clicked[0]).toEqual({ href: 'blob:http://localhost/1', download: 'lesson-41.ics', inDocument: true });
    // The temporary link is gone, and so is the URL once the download started.
    expect(document.querySelector('a[download]')).toBeNull();
    await waitFor(() => expect(revoked).toEqual(['blob:http://localhost/1']));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('waits while the file is on its way: the button keeps focus, says it is busy, and a second press sends nothing', async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderCard();
    const button = screen.getByRole('button', { name: buttonName });
    await userEvent.click(button);

    await waitFor(() => expect(button).toHaveAttribute('aria-disabled', 'true'));
    expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(fileCalls()).toHaveLength(1);

    answer(calendarFile());
    await waitFor(() => expect(button).not.toHaveAttribute('aria-disabled'));
    expect(clicked).toHaveLength(1);
  });

  it("says the server's reason when it refuses, described on the button, and a second try that works clears it", async () => {
    fetchMock.mockResolvedValueOnce(json({ success: false, message: 'Appointment not found.' }, 404));
    renderCard();
    const button = screen.getByRole('button', { name: buttonName });
    await userEvent.click(button);

    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Appointment not found.'));
    expect(button).toHaveAccessibleDescription('Appointment not found.');
    expect(clicked).toHaveLength(0);

    fetchMock.mockImplementation(async () => calendarFile());
    await userEvent.click(button);
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fileCalls()).toHaveLength(2);
  });

  it("a server failure reads 'Could not download the calendar file. Please try again.', never the server's text", async () => {
    fetchMock.mockResolvedValue(json({ success: false, message: 'TypeError: boom' }, 500));
    renderCard();
    await userEvent.click(screen.getByRole('button', { name: buttonName }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^Could not download the calendar file\. Please try again\.$/));
    expect(screen.queryByText(/TypeError/)).toBeNull();
  });

  it('a lost connection reads the same sentence (and is logged)', async () => {
    expectConsole('error', 'Could not download the calendar file. Please try again. TypeError: Failed to fetch');
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderCard();
    await userEvent.click(screen.getByRole('button', { name: buttonName }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^Could not download the calendar file\. Please try again\.$/));
  });

  it('a browser that refuses the file reads the same sentence (and is logged)', async () => {
    expectConsole('error', 'Could not download the calendar file. Please try again.');
    fetchMock.mockImplementation(async () => calendarFile());
    // Taken away, not only left out: the test DOM may have Blob URLs of its own.
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: undefined });
    renderCard();
    await userEvent.click(screen.getByRole('button', { name: buttonName }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^Could not download the calendar file\. Please try again\.$/));
  });

  it("names the lesson in the branch's time whatever the lesson, and leaves out the Google link when its times are unusable", () => {
    renderCard({ ...lesson, lessonId: 42, subject: 'English', tutor: null, start: '2026-12-01T12:30:00Z', finish: 'unknown' });
    expect(screen.getByRole('button', { name: 'Add to calendar: English, Tue 1 Dec 2026 · 16:30' })).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
