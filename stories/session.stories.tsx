import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { CentredSpinner } from '../src/components/spinner.tsx';
import { showsStates } from './story-states.ts';

/** What the app shows while it reads the stored session and loads the route (the session's `checking` state). */
const meta = {
  title: 'Session',
  component: CentredSpinner,
  args: { label: 'Loading' },
} satisfies Meta<typeof CentredSpinner>;
export default meta;

export const Checking: StoryObj<typeof meta> = {
  parameters: showsStates('session:checking'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  },
};
