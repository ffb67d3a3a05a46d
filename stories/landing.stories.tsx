import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { config } from '../src/config.ts';
import { LandingScreen } from '../src/screens/landing/landing-screen.tsx';

// The landing screen has no props and no states: it only reads the provider's host from the config.
const meta = {
  title: 'Home/Landing',
  component: LandingScreen,
} satisfies Meta<typeof LandingScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('img', { name: 'Tutoring service logo' })).toBeVisible();
    const heading = canvas.getByRole('heading', { level: 1 });
    await expect(heading).toHaveAccessibleName('Discover your next skill Learn anything you want!');
    // The tagline is two lines: the second starts below the first.
    const [first, second] = [canvas.getByText('Discover your next skill'), canvas.getByText('Learn anything you want!')];
    await expect(second.getBoundingClientRect().top).toBeGreaterThanOrEqual(first.getBoundingClientRect().bottom);
    await expect(canvas.getByText('Learn and grow')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/login');
    await expect(canvas.getByRole('contentinfo')).toHaveTextContent(config.providerHost);
  },
};
