import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { quoteThankYouText } from '../machines/rules/quote-rules.ts';
import { type QuoteFields, StudentFormView } from '../src/screens/student-form/student-form-view.tsx';
import { termsRequiredText } from '../contract/refusals.ts';

const empty: QuoteFields = { firstname: '', lastname: '', students: '', email: '', phone: '', terms: false };
const typed: QuoteFields = { firstname: 'Amira', lastname: 'Haddad', students: '2', email: 'amira@example.com', phone: '+971 50 123 4567', terms: true };

const meta = {
  title: 'Account/Quote form',
  component: StudentFormView,
  args: {
    fields: empty,
    submitting: false,
    error: null,
    termsMissing: false,
    thankYouFor: null,
    onChange: fn(),
    onTermsMissing: fn(),
    onSubmit: fn(),
    onThankYouClose: fn(),
  },
} satisfies Meta<typeof StudentFormView>;
export default meta;
type Story = StoryObj<typeof meta>;

const termsName = 'I agree to the terms and conditions';

export const Empty: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'First name' })).toBeRequired();
    await expect(canvas.getByRole('textbox', { name: 'Last name' })).toBeRequired();
    const students = canvas.getByRole('combobox', { name: 'Number of students' });
    await expect(within(students).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose…', '1', '2', '3+']);
    await expect(canvas.getByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email');
    await expect(canvas.getByRole('textbox', { name: 'Phone' })).toHaveAttribute('type', 'tel');
    await expect(canvas.getByRole('checkbox', { name: termsName })).toBeRequired();
    await expect(canvas.queryByRole('dialog')).toBeNull();
    // The browser's own checks stop an incomplete form; the unticked terms box reports itself.
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await expect(args.onTermsMissing).toHaveBeenCalled();
    await userEvent.selectOptions(students, '3+');
    await expect(args.onChange).toHaveBeenCalledWith({ students: '3+' });
  },
};

export const TermsMissing: Story = {
  args: { fields: { ...typed, terms: false }, error: termsRequiredText, termsMissing: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Please agree to the terms and conditions.');
    const terms = canvas.getByRole('checkbox', { name: termsName });
    await expect(terms).not.toBeChecked();
    await expect(terms).toHaveAttribute('aria-invalid', 'true');
    await expect(terms).toHaveAccessibleDescription('Please agree to the terms and conditions.');
    await userEvent.click(terms);
    await expect(args.onChange).toHaveBeenCalledWith({ terms: true });
  },
};

export const Submitting: Story = {
  args: { fields: typed, submitting: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Submit' })).toBeDisabled();
  },
};

export const Failed: Story = {
  args: { fields: typed, error: 'Submit failed' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Submit failed');
    // Nothing typed is lost, so sending again is one click.
    await expect(canvas.getByRole('textbox', { name: 'First name' })).toHaveValue('Amira');
    await expect(canvas.getByRole('combobox', { name: 'Number of students' })).toHaveValue('2');
    await expect(canvas.getByRole('textbox', { name: 'Phone' })).toHaveValue('+971 50 123 4567');
    await expect(canvas.getByRole('checkbox', { name: termsName })).toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expect(args.onSubmit).toHaveBeenCalledOnce();
  },
};

export const ThankYouOneOrTwo: Story = {
  args: { thankYouFor: '2' },
  play: async ({ canvasElement, args }) => {
    const dialog = within(canvasElement).getByRole('dialog', { name: 'Thank you' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveTextContent(quoteThankYouText('2'));
    await expect(dialog).toHaveTextContent('A link with your username and password has been e-mailed to you');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await expect(args.onThankYouClose).toHaveBeenCalledOnce();
  },
};

export const ThankYouThreePlus: Story = {
  args: { thankYouFor: '3+' },
  play: async ({ canvasElement }) => {
    const dialog = within(canvasElement).getByRole('dialog', { name: 'Thank you' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveTextContent('Your request for 3 children has been received.');
    await expect(dialog).toHaveTextContent('no further action is needed');
  },
};
