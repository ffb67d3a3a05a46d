import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '../../contract/schema.d.ts';
import { AppLayout } from '../../src/app/app-layout.tsx';
import { RequireToken } from '../../src/app/route-guards.tsx';
import { DashboardScreen } from '../../src/screens/dashboard/dashboard-screen.tsx';
import type { User } from '../../src/storage/browser-storage.ts';
import { json, liveToken, stubNetwork } from '../support/network-stub.ts';
import { testUser } from '../support/render-screen.tsx';
import { renderWithSession } from '../support/render-session.tsx';
import { expectConsole } from '../support/console-guard.ts';

const fetchMock = stubNetwork();

type Appointment = components['schemas']['Appointment'];
type ClientPackage = components['schemas']['ClientPackage'];

const token = liveToken();

const user = testUser;

const appointment = (id: number): Appointment => ({
  id,
  start: '2030-01-0' + id + 'T10:00:00+04:00',
  finish: '2030-01-0' + id + 'T11:00:00+04:00',
  topic: 'Maths',
  status: 'planned',
  service: { id: 100 + id, name: 'Maths with Ms Khan' },
  db: { pkg_id: 3 },
});

// An unpaid package as the portal saves it before payment: its packageForm carries the booking.
const lessonData = {
  packageNames: { id: 3, name: 'GOLD', subjects: ['Maths'], lessons: 12, description: '<p>12 classes</p>', total: 'AED 684.00', duration_days: 45 },
  packageName: 'GOLD',
  studentName: { name1: 'Adam Ahmed' },
  lessonCounts: { Maths: 2 },
};
const packageFormData = { students: 1, name1: 'Adam Ahmed', name2: '', programOne: 1, program: 'Year 5 / Grade 4', subject: ['Maths'], studyType: null };
const groupedByWeek = { '1st Week': [{ key: 'Maths-2030-01-06-10:00', subject: 'Maths', date: '2030-01-06', time: '10:00', tutorId: 4, tutorPrice: 120, apt_id: 9, weekIndex: 0, name: 'Ms Khan' }] };
const storedTeacher = [{ id: 4, name: 'Ms Khan', subject: 'Maths' }];

const unpaidPackage = (packageForm: string, bookingdata: ClientPackage['bookingdata'] = { bookdata: [{ week: 1 }] }): ClientPackage => ({
  id: 5,
  clientid: 7,
  packageForm,
  bookingdata,
  purches_status: 0,
  booked_classess: 12,
  total_classess: 12,
  remaining_classess: 0,
  completed_classess: 0,
  created_at: '2030-01-01T08:00:00Z',
});


interface Answers {
  client?: () => Response;
  appointments?: () => Response;
  unpaid?: () => Response | Promise<Response>;
}

/** The provider's answers by path; anything else is a 404 the test would notice. */
function serve(answers: Answers = {}) {
  fetchMock.mockImplementation(async (request: Request) => {
    const { pathname } = new URL(request.url);
    if (pathname === `/api/clientsdata/${user.clientid}`) return (answers.client ?? (() => json({ status: true, client: user })))();
    if (pathname.startsWith('/api/appointmentstwo/')) return (answers.appointments ?? (() => json({ data: [appointment(1), appointment(2), appointment(3)] })))();
    if (pathname === `/api/client-packagesfree/${user.clientid}`) return (answers.unpaid ?? (() => json({ success: true, data: [] })))();
    if (pathname === `/api/orders-to-place/${user.clientid}`) return json({ data: [] });
    // The pending payment's hour, still offered (its hours are checked when the card is tapped).
    if (pathname === '/api/subjectFilter/') return json([{ start: '2030-01-06T06:00:00Z', finish: '2030-01-06T07:00:00Z', apt_id: 9, contractor_id: 4 }]);
    return json({ success: false, message: 'Not found' }, 404);
  });
}

const requests = () => fetchMock.mock.calls.map(([request]) => request);
const requestsTo = (prefix: string) => requests().filter((request) => decodeURIComponent(new URL(request.url).pathname).startsWith(prefix));

/** The dashboard on the real session, with `sessionUser` stored as a previous visit left it. */
function renderDashboard(sessionUser: User = user) {
  return renderWithSession(
    <MemoryRouter initialEntries={['/dashboard']}>
      <Routes>
        <Route element={<RequireToken />}>
          <Route element={<AppLayout />}>
            <Route path="/dashboard" element={<DashboardScreen />} />
            <Route path="/booking-summary" element={<p>Booking summary page</p>} />
          </Route>
        </Route>
        <Route path="/login" element={<p>Login page</p>} />
      </Routes>
    </MemoryRouter>,
    { stored: { token, user: sessionUser } },
  );
}

const manageBookingTile = () => screen.getByRole('link', { name: /Manage Booking/ });

beforeEach(() => {
  fetchMock.mockReset();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Dashboard', () => {
  it('welcomes the user and counts the scheduled classes of all their students', async () => {
    serve();
    renderDashboard();

    expect(screen.getByRole('heading', { name: 'Welcome to Your Dashboard!' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Shortcuts' })).toBeInTheDocument();
    // While the count loads, the tile says so instead of showing a number; the screen says it is still changing.
    expect(within(manageBookingTile()).getByRole('status', { name: 'Loading scheduled classes' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('aria-busy', 'true');

    await waitFor(() => expect(manageBookingTile()).toHaveAccessibleName('Manage Booking 3 scheduled classes'));
    await waitFor(() => expect(screen.getByRole('main')).not.toHaveAttribute('aria-busy'));
    expect(within(manageBookingTile()).getByText('3')).toBeInTheDocument();
    expect(manageBookingTile()).toHaveAttribute('href', '/manage-booking');
    expect(screen.getByRole('link', { name: 'New Booking' })).toHaveAttribute('href', '/new-booking');
    expect(screen.getByRole('link', { name: 'CR Tutors' })).toHaveAttribute('href', '/crtutors');
    expect(screen.getByRole('link', { name: 'Renew/change Package' })).toHaveAttribute('href', '/renew-change-packages');

    const [call] = requestsTo('/api/appointmentstwo/');
    expect(call).toBeDefined();
    const url = new URL(call!.url);
    expect(decodeURIComponent(url.pathname)).toBe('/api/appointmentstwo/11,12');
    expect(url.searchParams.get('branch_id')).toBe('1');
    expect(call!.headers.get('Authorization')).toBe(`Bearer ${token}`);
  });

  it('says how many of the scheduled classes are still to come when past ones are in the count', async () => {
    const past = (id: number, status: 'completed' | 'cancelled'): Appointment => ({ ...appointment(id), status });
    serve({ appointments: () => json({ data: [appointment(1), appointment(2), past(3, 'completed'), past(4, 'cancelled'), appointment(5)] }) });
    renderDashboard();
    await waitFor(() => expect(manageBookingTile()).toHaveAccessibleName('Manage Booking 5 scheduled classes 3 current, 2 past'));
  });

  it('shows no pending payment card when there is no unpaid package', async () => {
    serve();
    renderDashboard();
    await waitFor(() => expect(requestsTo('/api/client-packagesfree/7')).toHaveLength(1));
    await waitFor(() => expect(manageBookingTile()).toHaveAccessibleName('Manage Booking 3 scheduled classes'));
    expect(screen.queryByRole('button', { name: /Complete Your Pending Payment/ })).toBeNull();
  });

  it('says it is still changing until the pending payment is read, since its card moves the tiles down', async () => {
    let answer: (response: Response) => void = () => {};
    serve({ unpaid: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderDashboard();
    await waitFor(() => expect(manageBookingTile()).toHaveAccessibleName('Manage Booking 3 scheduled classes'));
    expect(screen.getByRole('main')).toHaveAttribute('aria-busy', 'true');

    answer(json({ success: true, data: [unpaidPackage('{}')] }));
    expect(await screen.findByRole('button', { name: 'Complete Your Pending Payment' })).toBeVisible();
    expect(screen.getByRole('main')).not.toHaveAttribute('aria-busy');
  });

  it('clears the working keys on arrival and keeps userdata, token and BranchId', async () => {
    serve();
    for (const key of ['lessonData', 'packageFormData', 'bookingdata', 'dashboard', 'showLock', 'fromRenew', 'hidebutton', 'studentsData']) {
      localStorage.setItem(key, '1');
    }
    renderDashboard();
    await waitFor(() => expect(localStorage.getItem('lessonData')).toBeNull());
    for (const key of ['packageFormData', 'bookingdata', 'dashboard', 'showLock', 'fromRenew', 'hidebutton', 'studentsData']) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(localStorage.getItem('token')).toBe(token);
    expect(JSON.parse(localStorage.getItem('userdata') ?? 'null')).toEqual(user);
    expect(localStorage.getItem('BranchId')).toBe('1');
  });

  it('completes a pending payment: stores the booking as the draft, with the flags, then opens the booking summary', async () => {
    const form = JSON.stringify({ lessonData, packageFormData, groupedByWeek, storedTeacher, storedTeacher2: [] });
    serve({ unpaid: () => json({ success: true, data: [unpaidPackage(form)] }) });
    renderDashboard();

    const card = await screen.findByRole('button', { name: 'Complete Your Pending Payment' });
    await userEvent.click(card);

    expect(await screen.findByText('Booking summary page')).toBeInTheDocument();
    // Tapping fetched the pending payment afresh.
    expect(requestsTo('/api/client-packagesfree/7')).toHaveLength(2);
    expect(JSON.parse(localStorage.getItem('bookingdata') ?? 'null')).toEqual({ bookdata: [{ week: 1 }] });
    expect(JSON.parse(localStorage.getItem('lessonData') ?? 'null')).toEqual(lessonData);
    expect(JSON.parse(localStorage.getItem('packageFormData') ?? 'null')).toEqual(packageFormData);
    expect(JSON.parse(localStorage.getItem('groupedByWeek') ?? 'null')).toEqual(groupedByWeek);
    expect(JSON.parse(localStorage.getItem('selectedTeacher') ?? 'null')).toEqual(storedTeacher);
    expect(localStorage.getItem('selectedTeachers')).toBeNull();
    expect(localStorage.getItem('dashboard')).toBe('1');
    expect(localStorage.getItem('showLock')).toBe('1');
    // The package's price as the number the summary and checkout take (read from the total it saved), no ids yet (the summary takes them from the session).
    expect(JSON.parse(localStorage.getItem('bookingDraft') ?? 'null')).toEqual({ version: 2, entry: 'pendingPayment', clientPackageId: 5, orderRef: null, price: 684, partPrices: {}, studentIds: {} });
    // The session's keys are untouched.
    expect(localStorage.getItem('token')).toBe(token);
  });

  it('reads the week grouping and the teachers from lessonData when the package keeps them there', async () => {
    const storedTeacher2 = [{ id: 9, name: 'Mr Green', subject: 'English' }];
    const form = JSON.stringify({ lessonData: { ...lessonData, groupedByWeek, storedTeacher, storedTeacher2 }, packageFormData });
    serve({ unpaid: () => json({ success: true, data: [unpaidPackage(form)] }) });
    renderDashboard();

    await userEvent.click(await screen.findByRole('button', { name: 'Complete Your Pending Payment' }));

    expect(await screen.findByText('Booking summary page')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('groupedByWeek') ?? 'null')).toEqual(groupedByWeek);
    expect(JSON.parse(localStorage.getItem('selectedTeacher') ?? 'null')).toEqual(storedTeacher);
    expect(JSON.parse(localStorage.getItem('selectedTeachers') ?? 'null')).toEqual(storedTeacher2);
  });

  it('a corrupt pending payment shows an error toast, stores nothing and stays on the dashboard', async () => {
    expectConsole('error', 'Unreadable packageForm of the pending payment 5');
    serve({ unpaid: () => json({ success: true, data: [unpaidPackage('{"lessonData": {')] }) });
    renderDashboard();

    await userEvent.click(await screen.findByRole('button', { name: 'Complete Your Pending Payment' }));

    expect(await screen.findByText('This pending payment could not be opened. Please contact us.')).toBeInTheDocument();
    expect(screen.queryByText('Booking summary page')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Welcome to Your Dashboard!' })).toBeInTheDocument();
    for (const key of ['bookingdata', 'lessonData', 'groupedByWeek', 'packageFormData', 'selectedTeacher', 'selectedTeachers', 'dashboard', 'showLock']) {
      expect(localStorage.getItem(key)).toBeNull();
    }
  });

  it('asks for no appointments when the user has no student, and counts none', async () => {
    const noStudents: User = { ...user, studentdetails: [] };
    serve({ client: () => json({ status: true, client: noStudents }) });
    renderDashboard(noStudents);

    await waitFor(() => expect(manageBookingTile()).toHaveAccessibleName('Manage Booking 0 scheduled classes'));
    // The other loads have gone out, and still no appointments were asked for.
    await waitFor(() => expect(requestsTo('/api/client-packagesfree/7')).toHaveLength(1));
    await waitFor(() => expect(requestsTo('/api/clientsdata/7')).toHaveLength(1));
    expect(requestsTo('/api/appointmentstwo/')).toHaveLength(0);
  });

  it('a failed load says so with Retry, shows no misleading count, and Retry loads again', async () => {
    let unpaidCalls = 0;
    let appointmentCalls = 0;
    serve({
      unpaid: () => (++unpaidCalls === 1 ? json({ success: false, message: 'The pending payments are unavailable.' }, 500) : json({ success: true, data: [unpaidPackage('{}')] })),
      appointments: () => (++appointmentCalls === 1 ? new Response(null, { status: 503 }) : json({ data: [appointment(1)] })),
    });
    renderDashboard();

    expect(await screen.findByRole('alert')).toHaveTextContent(/could not be loaded|unavailable/);
    await waitFor(() => expect(manageBookingTile()).toHaveAccessibleName('Manage Booking'));
    expect(screen.queryByRole('button', { name: /Complete Your Pending Payment/ })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('button', { name: 'Complete Your Pending Payment' })).toBeInTheDocument();
    await waitFor(() => expect(manageBookingTile()).toHaveAccessibleName('Manage Booking 1 scheduled class'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(unpaidCalls).toBe(2);
    expect(appointmentCalls).toBe(2);
  });

  it("a server failure reads as a sentence for the client, not the server's own text", async () => {
    serve({ unpaid: () => json({ success: false, message: 'The pending payments are unavailable.' }, 500) });
    renderDashboard();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your pending payment could not be loaded. There was a problem on our side. Please try again in a moment.');
    expect(screen.getByRole('alert')).not.toHaveTextContent('unavailable');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
  });

  it('stores the refreshed client back to userdata and counts the classes of its students', async () => {
    const refreshed: User = { ...user, studentdetails: [...user.studentdetails, { id: 13, first_name: 'Omar', last_name: 'Ahmed', paying_client: 7 }] };
    serve({ client: () => json({ status: true, client: refreshed }) });
    const { actor } = renderDashboard();

    await waitFor(() => expect(JSON.parse(localStorage.getItem('userdata') ?? 'null')).toEqual(refreshed));
    expect(actor.getSnapshot().context.session?.user).toEqual(refreshed);
    await waitFor(() =>
      expect(requestsTo('/api/appointmentstwo/').map((request) => decodeURIComponent(new URL(request.url).pathname))).toContain('/api/appointmentstwo/11,12,13'),
    );
  });
});
