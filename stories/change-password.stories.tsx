import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { linkPasswordMismatchText } from '../machines/rules/password-rules.ts';
import { ChangePasswordView } from '../src/screens/change-password/change-password-view.tsx';

const meta = {
  title: 'Account/Change password',
  component: ChangePasswordView,
  args: {
    newPassword: '',
    confirmPassword: '',
    submitting: false,
    mismatch: null,
    checks: 0,
    error: null,
    onNewPasswordChange: fn(),
    onConfirmPasswordChange: fn(),
    onSubmit: fn(),
  },
} satisfies Meta<typeof ChangePasswordView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Change Password' })).toBeVisible();
    await expect(canvas.getByLabelText('New password')).toHaveAttribute('type', 'password');
    await expect(canvas.getByLabelText('Confirm password')).toHaveAttribute('autocomplete', 'new-password');
    // No show/hide toggle until something is typed.
    await expect(canvas.queryByRole('button', { name: /show/i })).toBeNull();
    await userEvent.type(canvas.getByLabelText('New password'), 'S');
    await expect(args.onNewPasswordChange).toHaveBeenCalledWith('S');
  },
};

export const Typed: Story = {
  args: { newPassword: 'Secret123!', confirmPassword: 'Secret123!' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Show confirm password' }));
    await expect(canvas.getByLabelText('Confirm password')).toHaveAttribute('type', 'text');
    await expect(canvas.getByLabelText('New password')).toHaveAttribute('type', 'password');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expect(args.onSubmit).toHaveBeenCalledOnce();
  },
};

export const Mismatch: Story = {
  args: { newPassword: 'Secret123!', confirmPassword: 'Secret124!', mismatch: linkPasswordMismatchText, checks: 1 },
  play: async ({ canvasElement }) => {
    const confirm = within(canvasElement).getByLabelText('Confirm password');
    // Said at the field it concerns, which has focus.
    await expect(confirm).toHaveAttribute('aria-invalid', 'true');
    await expect(confirm).toHaveAccessibleDescription('New password and confirm password does not match.');
    await expect(confirm).toHaveFocus();
  },
};

export const Submitting: Story = {
  args: { newPassword: 'Secret123!', confirmPassword: 'Secret123!', submitting: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Submit' })).toBeDisabled();
  },
};

export const Failed: Story = {
  args: { newPassword: 'Secret123!', confirmPassword: 'Secret123!', error: 'Password change failed' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Password change failed');
    await expect(canvas.getByRole('button', { name: 'Submit' })).toBeEnabled();
  },
};
