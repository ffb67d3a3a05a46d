import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { LoginView } from '../src/screens/login/login-view.tsx';
import { storyAt } from './machine-story.ts';
import { loginStories, sessionEvents } from './session-stories.ts';

const meta = {
  title: 'Account/Login',
  component: LoginView,
  parameters: { machine: loginStories },
  args: {
    email: '',
    password: '',
    ...storyAt(loginStories).args,
    registerUrl: '/student-form',
    onEmailChange: fn(),
    onPasswordChange: fn(),
    onSubmit: fn(),
  },
} satisfies Meta<typeof LoginView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  ...storyAt(loginStories),
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

const submitting = storyAt(loginStories, [sessionEvents.submitted]);
export const Submitting: Story = {
  ...submitting,
  args: { email: 'parent@example.com', password: 'Passw0rd!', ...submitting.args },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Login' })).toBeDisabled();
  },
};

const failed = storyAt(loginStories, [sessionEvents.submitted, sessionEvents.refused]);
export const Failed: Story = {
  ...failed,
  args: { email: 'parent@example.com', password: 'wrong', ...failed.args },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Invalid email or password');
  },
};
