import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { AppShell } from '../src/app/app-layout.tsx';
import { ScreenFrame } from '../src/components/screen-frame.tsx';
import { ToastRegion } from '../src/toasts/toast-region.tsx';
import { notify } from '../src/toasts/notify.ts';
import { storyAt } from './machine-story.ts';
import { sessionEvents, shellStories } from './session-stories.ts';

const signedIn = storyAt(shellStories, [sessionEvents.submitted, sessionEvents.loggedIn]);

const meta = {
  title: 'Home/App shell',
  component: AppShell,
  parameters: { machine: shellStories },
  args: {
    title: 'Dashboard',
    ...signedIn.args,
    contactPhone: '+971 4 123 4567',
    contactEmail: 'hello@tutoring.example',
    socialLinks: [
      { name: 'Facebook', href: 'https://www.facebook.com/' },
      { name: 'Instagram', href: 'https://www.instagram.com/' },
      { name: 'LinkedIn', href: 'https://www.linkedin.com/' },
    ],
    onBack: fn(),
    onFreshStart: fn(),
    onLogout: fn(),
    children: (
      <ScreenFrame title="Dashboard" titleHidden>
        <p>The screen goes here.</p>
      </ScreenFrame>
    ),
  },
} satisfies Meta<typeof AppShell>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Header: Story = {
  ...signedIn,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const header = canvas.getByRole('banner');
    await expect(header).toHaveTextContent('Dashboard');
    const menu = canvas.getByRole('button', { name: 'Menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByRole('dialog')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Back' }));
    await expect(args.onBack).toHaveBeenCalledTimes(1);
  },
};

export const MenuOpen: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const menuButton = canvas.getByRole('button', { name: 'Menu' });
    await userEvent.click(menuButton);

    const menu = await canvas.findByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    // Focus moved into the menu.
    await expect(menu.contains(document.activeElement)).toBe(true);

    const inMenu = within(menu);
    await expect(inMenu.getByText('Sarah Ahmed')).toBeVisible();
    await expect(inMenu.getByText('SA')).toBeVisible();
    await expect(inMenu.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/dashboard');
    await expect(inMenu.getByRole('link', { name: 'Transaction History' })).toHaveAttribute('href', '/transaction-history');
    await expect(inMenu.getByRole('link', { name: 'Manage Booking' })).toHaveAttribute('href', '/manage-booking');
    await expect(inMenu.getByRole('link', { name: 'Rescheduling' })).toHaveAttribute('href', '/rescheduling');
    await expect(inMenu.getByRole('link', { name: 'Renew/change Package' })).toHaveAttribute('href', '/renew-change-packages');
    await expect(inMenu.getByRole('link', { name: 'New Booking' })).toHaveAttribute('href', '/new-booking');
    await expect(inMenu.getByRole('link', { name: 'CR Tutors' })).toHaveAttribute('href', '/crtutors');
    await expect(inMenu.getByRole('link', { name: 'My Profile' })).toHaveAttribute('href', '/profile');
    await expect(inMenu.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(inMenu.getByRole('link', { name: '+971 4 123 4567' })).toHaveAttribute('href', 'tel:+97141234567');
    await expect(inMenu.getByRole('link', { name: 'hello@tutoring.example' })).toHaveAttribute('href', 'mailto:hello@tutoring.example');
    await expect(inMenu.getByRole('link', { name: /^Facebook/ })).toHaveAttribute('href', 'https://www.facebook.com/');

    // Escape closes it and focus returns to the menu button.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await expect(menuButton).toHaveFocus();

    // Logout is a button that hands over to the session.
    await userEvent.click(menuButton);
    await userEvent.click(within(await canvas.findByRole('dialog', { name: 'Menu' })).getByRole('button', { name: 'Logout' }));
    await expect(args.onLogout).toHaveBeenCalledTimes(1);

    // And the story ends with the menu open.
    await userEvent.click(menuButton);
    await expect(await canvas.findByRole('dialog', { name: 'Menu' })).toBeVisible();
  },
};

// The window sizes the layout stories run at (the Vitest addon sizes the browser to the story's viewport).
const viewports = {
  phone: { name: 'Phone 390 × 844', styles: { width: '390px', height: '844px' }, type: 'mobile' },
  wide: { name: 'Desktop 1280 × 800', styles: { width: '1280px', height: '800px' }, type: 'desktop' },
} as const;
const at = (viewport: keyof typeof viewports) => ({ parameters: { viewport: { options: viewports } }, globals: { viewport: { value: viewport, isRotated: false } } });

/** The longest title on a 390 px phone: it wraps to a second line, never cut or ellipsed. */
export const LongTitleOnAPhone: Story = {
  ...at('phone'),
  args: { title: 'Renew / Change Package' },
  play: async ({ canvasElement }) => {
    const title = within(canvas(canvasElement).getByRole('banner')).getByText('Renew / Change Package');
    await expect(window.innerWidth).toBe(390);
    // Nothing of the text lies outside the box that shows it.
    await expect(title.scrollWidth).toBeLessThanOrEqual(title.clientWidth);
    await expect(getComputedStyle(title).textOverflow).not.toBe('ellipsis');
    const header = canvas(canvasElement).getByRole('banner').getBoundingClientRect();
    const box = title.getBoundingClientRect();
    await expect(box.left).toBeGreaterThanOrEqual(header.left);
    await expect(box.right).toBeLessThanOrEqual(header.right);
  },
};

/** A toast on a phone shows below the header bar: its title, back arrow and menu stay in sight. */
export const ToastOnAPhone: Story = {
  ...at('phone'),
  args: { title: 'New Booking' },
  decorators: [
    (Story) => (
      <>
        <Story />
        <ToastRegion />
      </>
    ),
  ],
  play: async ({ canvasElement }) => {
    await expect(window.innerWidth).toBe(390);
    notify.error('Number of students is required');
    const toast = await within(document.body).findByRole('alert');
    await expect(toast).toHaveTextContent('Number of students is required');
    // Wait for the toast's entrance to finish, then compare where it rests with the header.
    await waitFor(() => expect(toast.getBoundingClientRect().top).toBeGreaterThanOrEqual(canvas(canvasElement).getByRole('banner').getBoundingClientRect().bottom), { timeout: 3000 });
  },
};

/** From 1024 px wide a signed-in screen uses the space: a wide column under a header as wide. */
export const WideWindow: Story = {
  ...at('wide'),
  play: async ({ canvasElement }) => {
    await expect(window.innerWidth).toBe(1280);
    const main = canvas(canvasElement).getByRole('main').getBoundingClientRect();
    // The phone column is 30rem (480 px); the wide one 64rem (1024 px).
    await expect(main.width).toBeGreaterThan(900);
    const menuButton = canvas(canvasElement).getByRole('button', { name: 'Menu' }).getBoundingClientRect();
    // The header's buttons line up with the column, not with a phone's.
    await expect(Math.abs(menuButton.left - main.left)).toBeLessThan(40);
  },
};

function canvas(element: HTMLElement) {
  return within(element);
}
