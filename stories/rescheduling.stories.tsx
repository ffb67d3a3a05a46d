import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { rescheduleNoticeText } from '../contract/reschedule-notice.ts';
import { type Appointment, groupTitles, reschedulePage, reschedulingPageSize } from '../machines/rules/booking-list.ts';
import { scheduledClassesFailedText } from '../src/api/calls/booking.ts';
import { ReschedulingView, type ReschedulingViewProps, noLessonsText } from '../src/screens/rescheduling/rescheduling-view.tsx';

const day = 86_400_000;
// Today in Dubai: lessons on 1 to 3 Dec are inside the 2-day notice.
const today = '2026-12-01';

const lesson = (id: number, start: number, status: Appointment['status'], pkgId: number | null, clientPackageId: number | null = pkgId === null ? null : pkgId * 10): Appointment => ({
  id,
  start: new Date(start).toISOString(),
  finish: new Date(start + 3_600_000).toISOString(),
  topic: id % 2 === 0 ? 'English' : 'Mathematics',
  status,
  service: { id: id % 2 === 0 ? 8 : 7, name: id % 2 === 0 ? 'English - Lina Ahmed' : 'Mathematics - Adam Ahmed' },
  db: { pkg_id: pkgId },
  client_package_id: clientPackageId,
  rating: null,
});

/** Lessons a day apart from 2 Dec at 16:00 in Dubai; the first 12 GOLD, the rest SILVER. */
const daily = (count: number): Appointment[] => Array.from({ length: count }, (_, i) => lesson(i + 1, Date.parse('2026-12-02T12:00:00Z') + i * day, 'planned', i < 12 ? 3 : 2));

/** The students of the stories' services, as their look-up answers them. */
const studentsOf = (serviceId: number) => (serviceId === 8 ? ['Lina Ahmed'] : ['Adam Ahmed']);

/** The view's list props for a page of `appointments`, as the container derives them for a reader in `viewerTimeZone`. */
function listed(appointments: Appointment[], page = 1, viewerTimeZone = 'Asia/Dubai'): Pick<ReschedulingViewProps, 'groups' | 'page' | 'pageCount' | 'timesIn'> {
  const shown = reschedulePage(appointments, { page, size: reschedulingPageSize, timeZone: 'Asia/Dubai', viewerTimeZone, today });
  const titles = groupTitles(shown.groups, studentsOf);
  return { page: shown.page, pageCount: shown.pageCount, timesIn: shown.timesIn, groups: shown.groups.map((group, index) => ({ key: group.key, title: titles[index] ?? group.packageName, items: group.items })) };
}

const meta = {
  title: 'Lessons/Rescheduling',
  component: ReschedulingView,
  args: {
    loading: false,
    error: null,
    retrying: false,
    groups: [],
    page: 1,
    pageCount: 1,
    timesIn: 'Times in Dubai time',
    opening: null,
    noticeText: rescheduleNoticeText,
    onPage: fn(),
    onRetry: fn(),
    onReschedule: fn(),
  },
} satisfies Meta<typeof ReschedulingView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status', { name: 'Loading lessons' })).toBeVisible();
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
    await expect(canvas.getByText(noLessonsText)).toBeVisible();
    await expect(canvas.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  },
};

export const OnePage: Story = {
  args: listed([
    lesson(1, Date.parse('2026-12-02T12:00:00Z'), 'planned', 3),
    lesson(2, Date.parse('2026-12-05T12:00:00Z'), 'planned', 3),
    lesson(3, Date.parse('2026-11-20T12:00:00Z'), 'completed', 3),
    lesson(4, Date.parse('2026-12-06T12:00:00Z'), 'pending', null),
  ]),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    // Lessons 1 and 2 are Adam's and Lina's (services 7 and 8) on one GOLD package; 4 is the free assessment.
    await expect(canvas.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['GOLD · Adam Ahmed, Lina Ahmed', 'Free Assessment']);
    // The completed lesson is not listed; earliest first: the one inside the notice, one that may move, one pending.
    const [soon, later, pending] = canvas.getAllByRole('article');
    await expect(canvas.getAllByRole('article')).toHaveLength(3);
    await expect(soon && within(soon).queryByRole('button', { name: /^Reschedule/ })).toBeNull();
    await expect(soon && within(soon).getByText(rescheduleNoticeText)).toBeVisible();
    const movable = within(later ?? canvasElement);
    await expect(movable.getByRole('heading', { name: 'English - Lina Ahmed' })).toBeVisible();
    await expect(canvas.getByText('Times in Dubai time')).toBeVisible();
    await expect(movable.getByText('Sat 5 Dec 2026').closest('p')).toHaveTextContent(/^Sat 5 Dec 2026 · 16:00$/);
    await expect(canvas.queryByText(/your time/)).toBeNull();
    const details = movable.getByRole('button', { name: 'Details' });
    await expect(details).toHaveAttribute('aria-expanded', 'false');
    await expect(movable.getByText('Service ID')).not.toBeVisible();
    await userEvent.click(details);
    await expect(details).toHaveAttribute('aria-expanded', 'true');
    await expect(movable.getByText('Service ID')).toBeVisible();
    await expect(movable.getByText('8')).toBeVisible();
    await expect(movable.getByText('planned')).toBeVisible();
    // The button reads Reschedule and names its lesson to a screen reader.
    const reschedule = movable.getByRole('button', { name: 'Reschedule English on Sat 5 Dec 2026 · 16:00' });
    await expect(reschedule).toHaveTextContent('Reschedule');
    await userEvent.click(reschedule);
    await expect(args.onReschedule).toHaveBeenCalledWith(2);
    await expect(pending && within(pending).queryByRole('button', { name: /^Reschedule/ })).toBeNull();
    await expect(pending && within(pending).queryByText(rescheduleNoticeText)).toBeNull();
    await expect(canvas.getByText('Page 1 of 1')).toBeVisible();
  },
};

/** A reader in New York: each lesson also on their own clock (16:00 in Dubai is 07:00 there in December). */
export const Abroad: Story = {
  args: listed(daily(3), 1, 'America/New_York'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Times in Dubai time')).toBeVisible();
    const [first] = canvas.getAllByRole('article');
    await expect(first && within(first).getByText('Wed 2 Dec 2026').closest('p')).toHaveTextContent(/^Wed 2 Dec 2026 · 16:007:00 am your time$/);
    await expect(canvas.getAllByText('7:00 am your time')).toHaveLength(3);
  },
};

export const ManyPages: Story = {
  args: listed(daily(25), 2),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Page 2 of 3')).toBeVisible();
    await expect(canvas.getAllByRole('article')).toHaveLength(10);
    await expect(canvas.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['GOLD · Adam Ahmed, Lina Ahmed', 'SILVER · Adam Ahmed, Lina Ahmed']);
    await expect(canvas.getAllByRole('button', { name: /^Reschedule/ })).toHaveLength(10);
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(args.onPage).toHaveBeenCalledWith(3);
    await userEvent.click(canvas.getByRole('button', { name: 'Previous' }));
    await expect(args.onPage).toHaveBeenCalledWith(1);
  },
};

export const Opening: Story = {
  args: { ...listed(daily(3).slice(2)), opening: 3 },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: /^Reschedule/ });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
  },
};
