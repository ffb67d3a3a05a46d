import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ProfileView } from '../src/screens/profile/profile-view.tsx';

const meta = {
  title: 'Account/Profile',
  component: ProfileView,
  args: {
    firstName: 'Sarah',
    lastName: 'Ahmed',
    email: 'parent@example.com',
    students: ['Adam Ahmed', 'Lina Ahmed'],
    dialogOpen: false,
    fields: { oldPassword: '', newPassword: '', confirmPassword: '' },
    error: null,
    invalidFields: [],
    checks: 0,
    submitting: false,
    onOpenDialog: fn(),
    onCloseDialog: fn(),
    onFieldChange: fn(),
    onSubmit: fn(),
  },
} satisfies Meta<typeof ProfileView>;
export default meta;
type Story = StoryObj<typeof meta>;

const filled = { oldPassword: 'Passw0rd!', newPassword: 'NewPassw0rd!', confirmPassword: 'NewPassw0rd!' };

/** The dialog is a native modal: it sits in the story's DOM, shown in the top layer. */
const dialogIn = (canvasElement: HTMLElement) => within(canvasElement).getByRole('dialog', { name: 'Change Password' });

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Sarah Ahmed' })).toBeVisible();
    await expect(canvas.getByText('parent@example.com')).toBeVisible();
    await expect(canvas.getByText('Adam Ahmed')).toBeVisible();
    await expect(canvas.getByText('Lina Ahmed')).toBeVisible();
    await expect(canvas.queryByRole('dialog')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Change Password' }));
    await expect(args.onOpenDialog).toHaveBeenCalledTimes(1);
  },
};

export const ChangePasswordOpen: Story = {
  args: { dialogOpen: true },
  play: async ({ canvasElement, args }) => {
    const dialog = dialogIn(canvasElement);
    await expect(dialog).toBeVisible();
    // Focus moved into the dialog when it opened.
    await expect(dialog.contains(document.activeElement)).toBe(true);
    const inDialog = within(dialog);
    await expect(inDialog.getByLabelText('Old password')).toHaveAttribute('type', 'password');
    await expect(inDialog.getByLabelText('New password')).toHaveAttribute('type', 'password');
    await expect(inDialog.getByLabelText('Confirm password')).toHaveAttribute('type', 'password');
    await userEvent.type(inDialog.getByLabelText('Old password'), 'x');
    await expect(args.onFieldChange).toHaveBeenCalledWith('oldPassword', 'x');
    await userEvent.click(inDialog.getByRole('button', { name: 'Cancel' }));
    await expect(args.onCloseDialog).toHaveBeenCalledTimes(1);
  },
};

export const FieldsMissing: Story = {
  args: { dialogOpen: true, fields: { ...filled, confirmPassword: '' }, error: 'All fields are required', invalidFields: ['confirmPassword'], checks: 1 },
  play: async ({ canvasElement, args }) => {
    const inDialog = within(dialogIn(canvasElement));
    await expect(inDialog.getByRole('alert')).toHaveTextContent('All fields are required');
    // The empty field is marked, described by the message, and has focus.
    const confirm = inDialog.getByLabelText('Confirm password');
    await expect(confirm).toHaveAttribute('aria-invalid', 'true');
    await expect(confirm).toHaveAccessibleDescription('All fields are required');
    await expect(confirm).toHaveFocus();
    await expect(inDialog.getByLabelText('Old password')).not.toHaveAttribute('aria-invalid');
    await userEvent.click(inDialog.getByRole('button', { name: 'Submit' }));
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
  },
};

export const Mismatch: Story = {
  args: { dialogOpen: true, fields: { ...filled, confirmPassword: 'NewPassw0rd?' }, error: 'New passwords do not match.', invalidFields: ['confirmPassword'], checks: 1 },
  play: async ({ canvasElement }) => {
    const inDialog = within(dialogIn(canvasElement));
    await expect(inDialog.getByRole('alert')).toHaveTextContent('New passwords do not match.');
    await expect(inDialog.getByLabelText('Confirm password')).toHaveAccessibleDescription('New passwords do not match.');
    await expect(inDialog.getByLabelText('Confirm password')).toHaveValue('NewPassw0rd?');
  },
};

export const Submitting: Story = {
  args: { dialogOpen: true, fields: filled, submitting: true },
  play: async ({ canvasElement, args }) => {
    const dialog = dialogIn(canvasElement);
    const inDialog = within(dialog);
    await expect(inDialog.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await expect(inDialog.getByLabelText('Old password')).toBeDisabled();
    await expect(inDialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await expect(dialog.querySelector('form')).toHaveAttribute('aria-busy', 'true');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const Failed: Story = {
  args: { dialogOpen: true, fields: { ...filled, oldPassword: 'wrong-one' }, error: 'Old password is incorrect.' },
  play: async ({ canvasElement }) => {
    const inDialog = within(dialogIn(canvasElement));
    await expect(inDialog.getByRole('alert')).toHaveTextContent('Old password is incorrect.');
    // What was typed stays, so the user can correct it.
    await expect(inDialog.getByLabelText('Old password')).toHaveValue('wrong-one');
    await expect(inDialog.getByRole('button', { name: 'Submit' })).toBeEnabled();
  },
};
