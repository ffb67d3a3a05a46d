import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ForgotPasswordView } from '../src/screens/forgot-password/forgot-password-view.tsx';

const meta = {
  title: 'Account/Forgot password',
  component: ForgotPasswordView,
  args: {
    email: '',
    submitting: false,
    error: null,
    onEmailChange: fn(),
    onCancel: fn(),
    onSubmit: fn(),
  },
} satisfies Meta<typeof ForgotPasswordView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
    const email = canvas.getByRole('textbox', { name: 'E-mail' });
    await expect(email).toBeRequired();
    await expect(email).toHaveAttribute('type', 'email');
    await expect(canvas.getByRole('alert')).toBeEmptyDOMElement();
    // The browser refuses an empty e-mail, so nothing is submitted.
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await userEvent.type(email, 'p');
    await expect(args.onEmailChange).toHaveBeenCalledWith('p');
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalledOnce();
  },
};

export const Submitting: Story = {
  args: { email: 'parent@example.com', submitting: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  },
};

export const Failed: Story = {
  args: { email: 'parent@example.com', error: 'Submit failed' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Submit failed');
    await expect(canvas.getByRole('textbox', { name: 'E-mail' })).toHaveValue('parent@example.com');
    // Trying again is one click: the e-mail is still there.
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expect(args.onSubmit).toHaveBeenCalledOnce();
  },
};
