import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { AppShell } from '../src/app/app-layout.tsx';
import { ScreenFrame } from '../src/components/screen-frame.tsx';
import { storyAt } from './machine-story.ts';
import { sessionEvents, shellStories } from './session-stories.ts';

const signedIn = storyAt(shellStories, [sessionEvents.submitted, sessionEvents.loggedIn]);

const meta = {
  title: 'AppShell',
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
    onHome: fn(),
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
    await expect(inMenu.getByRole('link', { name: 'Renew' })).toHaveAttribute('href', '/renew-change-packages');
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
