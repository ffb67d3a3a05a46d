import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { type Appointment, type BookingTab, bookingPage, bookingsOfTab, groupTitles, manageBookingPageSize, peopleOf, studentNamesOf } from '../machines/rules/booking-list.ts';
import { scheduledClassesFailedText } from '../src/api/calls/booking.ts';
import { ManageBookingView, type ManageBookingViewProps, emptyBookingTexts } from '../src/screens/manage-booking/manage-booking-view.tsx';

const now = Date.parse('2026-12-01T08:00:00Z');
const day = 86_400_000;
const subjects = ['Mathematics', 'English', 'Physics'];

const lesson = (id: number, start: number, status: Appointment['status'], pkgId: number | null, more: Partial<Appointment> = {}): Appointment => {
  const topic = subjects[(id - 1) % 3] ?? 'Mathematics';
  const serviceId = ((id - 1) % 3) + 1;
  return {
    id,
    start: new Date(start).toISOString(),
    finish: new Date(start + 3_600_000).toISOString(),
    topic,
    status,
    service: { id: serviceId, name: `${topic} - Adam Ahmed` },
    db: { pkg_id: pkgId },
    client_package_id: pkgId === null ? null : pkgId * 10,
    rating: null,
    ...more,
  };
};

/** Lessons a day apart from 2 Dec at 16:00 in Dubai on three services, the second pending; the first 25 GOLD, the rest PLATINUM. */
const upcoming = (count: number): Appointment[] =>
  Array.from({ length: count }, (_, i) => lesson(i + 1, Date.parse('2026-12-02T12:00:00Z') + i * day, i === 1 ? 'pending' : 'planned', i < 25 ? 3 : 4));

/** Three completed lessons a week apart from 1 Nov (the second rated 4 stars), and a cancelled one on 28 Nov. */
const past: Appointment[] = [
  ...[0, 1, 2].map((i) => lesson(i + 1, Date.parse('2026-11-01T12:00:00Z') + i * 7 * day, 'completed', 3, { rating: i === 1 ? 4 : null })),
  lesson(4, Date.parse('2026-11-28T12:00:00Z'), 'cancelled', 3),
];

const services = [
  { conjobs: [{ name: 'Amira Haddad', contractor: 1 }], rcrs: [{ recipient_name: 'Adam Ahmed', recipient: 11 }] },
  { conjobs: [{ name: 'James Whitfield', contractor: 2 }], rcrs: [{ recipient_name: 'Adam Ahmed', recipient: 11 }, { recipient_name: 'Lina Ahmed', recipient: 12 }] },
  // A service with no tutor recorded (or whose look-up failed) reads N/A.
  undefined,
  { conjobs: [{ name: 'Amira Haddad', contractor: 1 }], rcrs: [{ recipient_name: 'Lina Ahmed', recipient: 12 }] },
];
const serviceOf = (serviceId: number) => services[serviceId - 1];

/** The view's list props for a tab and page of `appointments`, as the container derives them for a reader in `viewerTimeZone`. */
function listed(appointments: Appointment[], tab: BookingTab, page = 1, viewerTimeZone = 'Asia/Dubai'): Pick<ManageBookingViewProps, 'tab' | 'groups' | 'page' | 'pageCount' | 'timesIn'> {
  const shown = bookingPage(bookingsOfTab(appointments, tab), { page, size: manageBookingPageSize, timeZone: 'Asia/Dubai', viewerTimeZone, now });
  const titles = groupTitles(shown.groups, (serviceId) => {
    const service = serviceOf(serviceId);
    return service ? studentNamesOf(service) : undefined;
  });
  return {
    tab,
    page: shown.page,
    pageCount: shown.pageCount,
    timesIn: shown.timesIn,
    groups: shown.groups.map((group, index) => ({
      key: group.key,
      title: titles[index] ?? group.packageName,
      items: group.items.map((card) => ({ ...card, ...peopleOf(serviceOf(card.serviceId)) })),
    })),
  };
}

/** Adam's and Lina's SILVER packages, a week of each from 6 Dec, and Lina's free assessment on 5 Dec. */
const twoStudents: Appointment[] = [
  lesson(1, Date.parse('2026-12-06T12:00:00Z'), 'planned', 2, { client_package_id: 51 }),
  lesson(2, Date.parse('2026-12-07T12:00:00Z'), 'planned', 2, { client_package_id: 52, topic: 'Mathematics', service: { id: 4, name: 'Mathematics - Lina Ahmed' } }),
  lesson(3, Date.parse('2026-12-13T12:00:00Z'), 'planned', 2, { client_package_id: 51, topic: 'Mathematics', service: { id: 1, name: 'Mathematics - Adam Ahmed' } }),
  lesson(4, Date.parse('2026-12-14T12:00:00Z'), 'planned', 2, { client_package_id: 52, topic: 'Mathematics', service: { id: 4, name: 'Mathematics - Lina Ahmed' } }),
  lesson(5, Date.parse('2026-12-05T12:00:00Z'), 'planned', null, { topic: 'English', service: { id: 4, name: 'English - Lina Ahmed' } }),
];

const meta = {
  title: 'Lessons/Manage Booking',
  component: ManageBookingView,
  args: {
    tab: 'current',
    loading: false,
    error: null,
    retrying: false,
    groups: [],
    page: 1,
    pageCount: 1,
    timesIn: 'Times in Dubai time',
    onTab: fn(),
    onPage: fn(),
    onRetry: fn(),
    onComment: fn(),
  },
} satisfies Meta<typeof ManageBookingView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('tab', { name: 'Current Booking' })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('status', { name: 'Loading bookings' })).toBeVisible();
    await expect(canvas.queryByRole('article')).toBeNull();
  },
};

export const LoadFailed: Story = {
  args: { error: scheduledClassesFailedText },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(scheduledClassesFailedText);
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const text of emptyBookingTexts) await expect(canvas.getByText(text)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'New Booking' })).toHaveAttribute('href', '/new-booking');
    await expect(canvas.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  },
};

export const OnePage: Story = {
  args: listed(upcoming(4), 'current'),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const panel = within(canvas.getByRole('tabpanel', { name: 'Current Booking' }));
    await expect(panel.getByRole('heading', { name: 'GOLD · Adam Ahmed, Lina Ahmed' })).toBeVisible();
    // The times are the branch's, and the list says so; a reader in Dubai's zone needs no second clock.
    await expect(panel.getByText('Times in Dubai time')).toBeVisible();
    await expect(panel.queryByText(/your time/)).toBeNull();
    const first = within(panel.getByRole('article', { name: 'Mathematics, Wed 2 Dec 2026 · 16:00' }));
    await expect(first.getByText('Amira Haddad')).toBeVisible();
    await expect(first.getByText('planned')).toBeVisible();
    const second = within(panel.getByRole('article', { name: 'English, Thu 3 Dec 2026 · 16:00' }));
    await expect(second.getByText('Adam Ahmed, Lina Ahmed')).toBeVisible();
    await expect(second.getByText('pending')).toBeVisible();
    await expect(within(panel.getByRole('article', { name: 'Physics, Fri 4 Dec 2026 · 16:00' })).getAllByText('N/A')).toHaveLength(2);
    await expect(panel.queryByRole('button', { name: 'Comment' })).toBeNull();
    await expect(panel.getByText('Page 1 of 1')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(panel.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('tab', { name: 'Past Booking' }));
    await expect(args.onTab).toHaveBeenCalledWith('past');
  },
};

export const ManyPages: Story = {
  args: listed(upcoming(45), 'current', 2),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Page 2 of 3')).toBeVisible();
    await expect(canvas.getAllByRole('article')).toHaveLength(20);
    // The GOLD lessons run on from page 1; PLATINUM starts here.
    await expect(canvas.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['GOLD · Adam Ahmed, Lina Ahmed', 'PLATINUM · Adam Ahmed, Lina Ahmed']);
    const [first] = canvas.getAllByRole('article');
    await expect(first && within(first).getByText('21')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Previous' }));
    await expect(args.onPage).toHaveBeenCalledWith(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(args.onPage).toHaveBeenCalledWith(3);
  },
};

/** A reader in London: each lesson also on their own clock (16:00 in Dubai is noon in London in December). */
export const Abroad: Story = {
  args: listed(upcoming(4), 'current', 1, 'Europe/London'),
  play: async ({ canvasElement }) => {
    const panel = within(within(canvasElement).getByRole('tabpanel', { name: 'Current Booking' }));
    await expect(panel.getByText('Times in Dubai time')).toBeVisible();
    const first = within(panel.getByRole('article', { name: 'Mathematics, Wed 2 Dec 2026 · 16:00' }));
    await expect(first.getByText('Start Date / Time').nextElementSibling).toHaveTextContent('Wed 2 Dec 2026 · 16:0012:00 pm your time');
    await expect(first.getByText('12:00 pm your time')).toBeVisible();
    await expect(panel.getAllByText('12:00 pm your time')).toHaveLength(4);
  },
};

export const LoadingNames: Story = {
  args: {
    ...listed(upcoming(2), 'current'),
    groups: listed(upcoming(2), 'current').groups.map((group) => ({ ...group, items: group.items.map((card) => ({ ...card, studentName: null, teacherName: null })) })),
  },
  play: async ({ canvasElement }) => {
    const card = within(within(canvasElement).getByRole('article', { name: 'Mathematics, Wed 2 Dec 2026 · 16:00' }));
    await expect(card.getAllByText('Loading')).toHaveLength(2);
  },
};

export const TwoStudents: Story = {
  args: listed(twoStudents, 'current'),
  play: async ({ canvasElement }) => {
    const panel = within(within(canvasElement).getByRole('tabpanel', { name: 'Current Booking' }));
    // A group per client package, named for whose it is; the free assessment its own; lessons by date with their weekday.
    await expect(panel.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Free Assessment', 'SILVER · Adam Ahmed', 'SILVER · Lina Ahmed']);
    const names = panel.getAllByRole('article').map((card) => card.getAttribute('aria-label'));
    await expect(names).toEqual([
      'English, Sat 5 Dec 2026 · 16:00',
      'Mathematics, Sun 6 Dec 2026 · 16:00',
      'Mathematics, Sun 13 Dec 2026 · 16:00',
      'Mathematics, Mon 7 Dec 2026 · 16:00',
      'Mathematics, Mon 14 Dec 2026 · 16:00',
    ]);
  },
};

export const PastWithComment: Story = {
  args: listed(past, 'past'),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('tab', { name: 'Past Booking' })).toHaveAttribute('aria-selected', 'true');
    const panel = within(canvas.getByRole('tabpanel', { name: 'Past Booking' }));
    // The latest first.
    const names = panel.getAllByRole('article').map((card) => card.getAttribute('aria-label'));
    await expect(names).toEqual(['Mathematics, Sat 28 Nov 2026 · 16:00', 'Physics, Sun 15 Nov 2026 · 16:00', 'English, Sun 8 Nov 2026 · 16:00', 'Mathematics, Sun 1 Nov 2026 · 16:00']);
    // Cancelled is drawn apart from completed (its own colour and mark) and cannot be rated.
    const cancelled = within(panel.getByRole('article', { name: 'Mathematics, Sat 28 Nov 2026 · 16:00' }));
    await expect(cancelled.getByText('cancelled')).toHaveAttribute('data-tone', 'cancelled');
    await expect(cancelled.queryByRole('button', { name: 'Comment' })).toBeNull();
    // A rated lesson shows its stars and no second Comment.
    const rated = within(panel.getByRole('article', { name: 'English, Sun 8 Nov 2026 · 16:00' }));
    await expect(rated.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
    await expect(rated.queryByRole('button', { name: 'Comment' })).toBeNull();
    await expect(panel.getAllByRole('button', { name: 'Comment' })).toHaveLength(2);
    await userEvent.click(within(panel.getByRole('article', { name: 'Physics, Sun 15 Nov 2026 · 16:00' })).getByRole('button', { name: 'Comment' }));
    await expect(args.onComment).toHaveBeenCalledWith(3);
  },
};
