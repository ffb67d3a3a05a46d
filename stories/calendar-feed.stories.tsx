import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CalendarFeedView, calendarFeedTexts as texts } from '../src/screens/profile/calendar-feed-view.tsx';

const url = 'https://portal.example/api/calendar-feed/k3J9pW2xQvL8mN4rT6yB1cD5fG7hJ0aS2dF4gH6jK8l';
const webcalUrl = 'webcal://portal.example/api/calendar-feed/k3J9pW2xQvL8mN4rT6yB1cD5fG7hJ0aS2dF4gH6jK8l';
const shown = { kind: 'shown', url, webcalUrl } as const;
const active = { kind: 'active', since: 'Sat 28 Nov 2026' } as const;

const meta = {
  title: 'Account/Calendar feed',
  component: CalendarFeedView,
  // As on /profile: a section of the page's main column.
  decorators: [
    (Story) => (
      <main style={{ maxWidth: '30rem', padding: '1rem' }}>
        <Story />
      </main>
    ),
  ],
  args: {
    panel: { kind: 'none' },
    saving: false,
    saveError: null,
    confirmOpen: false,
    copy: 'idle',
    onRetryLoad: fn(),
    onCreate: fn(),
    onReset: fn(),
    onCancelReset: fn(),
    onConfirmReset: fn(),
    onRetrySave: fn(),
    onCopy: fn(),
  },
} satisfies Meta<typeof CalendarFeedView>;
export default meta;
type Story = StoryObj<typeof meta>;

const region = (canvasElement: HTMLElement) => within(within(canvasElement).getByRole('region', { name: texts.title }));
const resetDialog = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body).getByRole('alertdialog', { name: texts.resetTitle });

export const Loading: Story = {
  args: { panel: { kind: 'loading' } },
  play: async ({ canvasElement }) => {
    await expect(region(canvasElement).getByRole('status', { name: texts.loading })).toBeInTheDocument();
    await expect(region(canvasElement).queryByRole('button')).toBeNull();
  },
};

export const LoadFailed: Story = {
  args: { panel: { kind: 'loadFailed', message: 'Your calendar link could not be loaded. Please check your internet connection and try again.', retrying: false } },
  play: async ({ canvasElement, args }) => {
    const section = region(canvasElement);
    await expect(section.getByRole('alert')).toHaveTextContent('Your calendar link could not be loaded.');
    await userEvent.click(section.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetryLoad).toHaveBeenCalledOnce();
  },
};

export const NoFeed: Story = {
  play: async ({ canvasElement, args }) => {
    const section = region(canvasElement);
    await expect(section.getByText(texts.intro)).toBeVisible();
    await userEvent.click(section.getByRole('button', { name: texts.create }));
    await expect(args.onCreate).toHaveBeenCalledOnce();
  },
};

export const Creating: Story = {
  args: { saving: true },
  play: async ({ canvasElement, args }) => {
    const create = region(canvasElement).getByRole('button', { name: texts.create });
    await expect(create).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(create);
    await expect(args.onCreate).not.toHaveBeenCalled();
  },
};

export const CreateFailed: Story = {
  args: { saveError: 'Your calendar link could not be made. There was a problem on our side. Please try again in a moment.' },
  play: async ({ canvasElement, args }) => {
    const section = region(canvasElement);
    await expect(section.getByRole('alert')).toHaveTextContent('Your calendar link could not be made.');
    await userEvent.click(section.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetrySave).toHaveBeenCalledOnce();
  },
};

export const LinkShown: Story = {
  args: { panel: shown },
  play: async ({ canvasElement, args }) => {
    const section = region(canvasElement);
    const field = section.getByRole('textbox', { name: texts.linkLabel });
    await expect(field).toHaveValue(url);
    await expect(field).toHaveAttribute('readonly');
    await expect(field).toHaveFocus();
    await expect(field).toHaveAccessibleDescription(texts.shownOnce);
    await expect(section.getByRole('link', { name: texts.subscribe })).toHaveAttribute('href', webcalUrl);
    await userEvent.click(section.getByRole('button', { name: texts.copy }));
    await expect(args.onCopy).toHaveBeenCalledOnce();
  },
};

export const LinkCopied: Story = {
  args: { panel: shown, copy: 'copied' },
  play: async ({ canvasElement }) => {
    await expect(region(canvasElement).getByRole('status')).toHaveTextContent(texts.copied);
  },
};

export const CopyFailed: Story = {
  args: { panel: shown, copy: 'failed' },
  play: async ({ canvasElement }) => {
    const section = region(canvasElement);
    await expect(section.getByRole('status')).toHaveTextContent(texts.copyFailed);
    // The link is selected, ready for the client's own copy.
    const field = section.getByRole<HTMLInputElement>('textbox', { name: texts.linkLabel });
    await expect(field).toHaveFocus();
    await expect([field.selectionStart, field.selectionEnd]).toEqual([0, url.length]);
  },
};

export const Active: Story = {
  args: { panel: active },
  play: async ({ canvasElement, args }) => {
    const section = region(canvasElement);
    await expect(section.getByText('Your calendar link is on since Sat 28 Nov 2026.')).toBeVisible();
    await expect(section.queryByRole('textbox')).toBeNull();
    await userEvent.click(section.getByRole('button', { name: texts.reset }));
    await expect(args.onReset).toHaveBeenCalledOnce();
  },
};

export const ConfirmReset: Story = {
  args: { panel: active, confirmOpen: true },
  play: async ({ canvasElement, args }) => {
    const dialog = resetDialog(canvasElement);
    await expect(dialog).toBeVisible();
    await expect(within(dialog).getByText(texts.resetWarning)).toBeVisible();
    // Focus moved in, onto the choice that changes nothing.
    await expect(within(dialog).getByRole('button', { name: texts.cancel })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: texts.resetConfirm }));
    await expect(args.onConfirmReset).toHaveBeenCalledOnce();
    await userEvent.click(within(dialog).getByRole('button', { name: texts.cancel }));
    await expect(args.onCancelReset).toHaveBeenCalledOnce();
  },
};

export const Resetting: Story = {
  args: { panel: active, saving: true },
  play: async ({ canvasElement, args }) => {
    const reset = region(canvasElement).getByRole('button', { name: texts.reset });
    await expect(reset).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(reset);
    await expect(args.onReset).not.toHaveBeenCalled();
  },
};

export const ResetFailed: Story = {
  args: { panel: active, saveError: 'Your calendar link could not be made. Please check your internet connection and try again.' },
  play: async ({ canvasElement, args }) => {
    const section = region(canvasElement);
    await expect(section.getByRole('alert')).toHaveTextContent('Your calendar link could not be made.');
    await expect(section.getByText('Your calendar link is on since Sat 28 Nov 2026.')).toBeVisible();
    await userEvent.click(section.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetrySave).toHaveBeenCalledOnce();
  },
};
