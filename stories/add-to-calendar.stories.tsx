import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { googleCalendarLink } from '../machines/rules/google-calendar-link.ts';
import { AddToCalendarView } from '../src/screens/manage-booking/add-to-calendar-view.tsx';

const lesson = 'Mathematics, Sat 28 Nov 2026 · 09:00';
const googleCalendarUrl = googleCalendarLink(
  { subject: 'Mathematics', tutor: 'Noor Haddad', students: 'Adam Ahmed', start: '2026-11-28T05:00:00Z', finish: '2026-11-28T06:00:00Z', timeZone: 'Asia/Dubai' },
  { origin: 'https://portal.example' },
);
const failed = 'Could not download the calendar file. Please try again.';

const meta = {
  title: 'Lessons/Add to calendar',
  component: AddToCalendarView,
  // Shown as on an upcoming lesson's card, in the page's main column.
  decorators: [
    (Story) => (
      <main style={{ maxWidth: '30rem', padding: '1rem' }}>
        <Story />
      </main>
    ),
  ],
  args: { lesson, googleCalendarUrl, downloading: false, error: null, onDownload: fn() },
} satisfies Meta<typeof AddToCalendarView>;
export default meta;
type Story = StoryObj<typeof meta>;

const buttonName = `Add to calendar: ${lesson}`;

export const Idle: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: buttonName });
    await expect(button).toHaveTextContent('Add to calendar');
    const google = canvas.getByRole('link', { name: `Add to Google Calendar: ${lesson} (opens in a new tab)` });
    await expect(google).toHaveAttribute('href', googleCalendarUrl);
    await expect(google).toHaveAttribute('target', '_blank');
    await expect(canvas.queryByRole('alert')).toBeNull();
    // Each control is at least a 44 px tap target.
    await expect(button.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
    await expect(google.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
    await userEvent.click(button);
    await expect(args.onDownload).toHaveBeenCalledOnce();
  },
};

export const Downloading: Story = {
  args: { downloading: true },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: buttonName });
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    // Still focusable, so the keyboard user keeps their place; a press waits.
    button.focus();
    await expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onDownload).not.toHaveBeenCalled();
  },
};

export const Failed: Story = {
  args: { error: failed },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(failed);
    const button = canvas.getByRole('button', { name: buttonName });
    await expect(button).toHaveAccessibleDescription(failed);
    await userEvent.click(button);
    await expect(args.onDownload).toHaveBeenCalledOnce();
  },
};

export const WithoutGoogleLink: Story = {
  args: { googleCalendarUrl: null },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: buttonName })).toBeVisible();
    await expect(canvas.queryByRole('link')).toBeNull();
  },
};
