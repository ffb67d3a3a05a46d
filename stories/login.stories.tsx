import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { LoginView } from '../src/screens/login/login-view.tsx';
import { showsStates } from './story-states.ts';

const meta = {
  title: 'Login',
  component: LoginView,
  args: {
    email: '',
    password: '',
    submitting: false,
    canSubmit: true,
    error: null,
    registerUrl: '/student-form',
    onEmailChange: fn(),
    onPasswordChange: fn(),
    onSubmit: fn(),
  },
} satisfies Meta<typeof LoginView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  parameters: showsStates('session:loggedOut.idle'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Login' })).toBeVisible();
    await expect(canvas.getByPlaceholderText('Your registered email')).toBeRequired();
    // No show/hide toggle until something is typed.
    await expect(canvas.queryByRole('button', { name: /show/i })).toBeNull();
  },
};

export const Typed: Story = {
  args: { email: 'parent@example.com', password: 'Passw0rd!' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('button', { name: /show password/i });
    await expect(canvas.getByLabelText('Password')).toHaveAttribute('type', 'password');
    await userEvent.click(toggle);
    await expect(canvas.getByLabelText('Password')).toHaveAttribute('type', 'text');
  },
};

export const Submitting: Story = {
  args: { email: 'parent@example.com', password: 'Passw0rd!', submitting: true, canSubmit: false },
  parameters: showsStates('session:loggedOut.submitting'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Login' })).toBeDisabled();
  },
};

export const Failed: Story = {
  args: { email: 'parent@example.com', password: 'wrong', error: 'Invalid email or password' },
  parameters: showsStates('session:loggedOut.failed'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Invalid email or password');
  },
};
