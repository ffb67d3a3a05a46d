import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { serverFailedText } from '../../src/api/client.ts';
import { StudentFormScreen } from '../../src/screens/student-form/student-form-screen.tsx';
import { json, stubNetwork } from '../support/network-stub.ts';
import { renderScreen } from '../support/render-screen.tsx';

const fetchMock = stubNetwork();

const oneOrTwoText = 'Thank you! A link with your username and password has been e-mailed to you to book a tutor and choose time slots.';
const threePlusText =
  'Thank you! Your request for 3 children has been received. A representative will contact you shortly; no further action is needed.';

const answer = (status: number, body: unknown) =>
  fetchMock.mockImplementation(async () => json(body, status));

const showScreen = () => renderScreen(<StudentFormScreen />, { path: '/student-form' });

interface Typed {
  students: '1' | '2' | '3+';
  terms: boolean;
}

async function fillIn({ students, terms }: Typed) {
  const user = userEvent.setup();
  showScreen();
  await user.type(screen.getByLabelText('First name'), 'Amira');
  await user.type(screen.getByLabelText('Last name'), 'Haddad');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Number of students' }), students);
  await user.type(screen.getByLabelText('Email'), 'amira@example.com');
  await user.type(screen.getByLabelText('Phone'), '+971 50 123 4567');
  if (terms) await user.click(screen.getByRole('checkbox', { name: 'I agree to the terms and conditions' }));
  return user;
}

const submit = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Submit' }));
const form = () => within(screen.getByRole('main'));

afterEach(() => fetchMock.mockReset());

describe('Quote request form', () => {
  it('offers the fields of the spec, with native checks', () => {
    showScreen();
    expect(screen.getByLabelText('First name')).toBeRequired();
    expect(screen.getByLabelText('Last name')).toBeRequired();
    const students = screen.getByRole('combobox', { name: 'Number of students' });
    expect(within(students).getAllByRole('option').map((option) => option.getAttribute('value'))).toEqual(['', '1', '2', '3+']);
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Phone')).toHaveAttribute('type', 'tel');
    expect(screen.getByRole('checkbox', { name: 'I agree to the terms and conditions' })).toBeRequired();
  });

  it('sends a request for 2 students and thanks with the e-mailed link text', async () => {
    answer(201, { success: true, message: 'Request received.', students: '2' });
    const user = await fillIn({ students: '2', terms: true });
    await submit(user);

    const dialog = await screen.findByRole('dialog', { name: 'Thank you' });
    expect(dialog).toHaveTextContent(oneOrTwoText);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const request = fetchMock.mock.calls[0]![0];
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toBe('/api/quote-request');
    expect(request.headers.get('Authorization')).toBeNull();
    expect(await request.json()).toEqual({
      firstname: 'Amira',
      lastname: 'Haddad',
      students: '2',
      email: 'amira@example.com',
      phone: '+971 50 123 4567',
      terms: true,
    });

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // The request is recorded, so the form starts over rather than inviting a duplicate.
    expect(screen.getByLabelText('First name')).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'I agree to the terms and conditions' })).not.toBeChecked();
  });

  it('thanks a request for 3+ students with the 3-children text', async () => {
    answer(201, { success: true, message: 'Request received.', students: '3+' });
    const user = await fillIn({ students: '3+', terms: true });
    await submit(user);

    expect(await screen.findByRole('dialog', { name: 'Thank you' })).toHaveTextContent(threePlusText);
    expect(await fetchMock.mock.calls[0]![0].json()).toMatchObject({ students: '3+' });
  });

  it('asks for the terms and sends nothing while they are not agreed', async () => {
    const user = await fillIn({ students: '1', terms: false });
    await submit(user);
    // The box, the only field at fault, takes focus.
    expect(screen.getByRole('checkbox', { name: 'I agree to the terms and conditions' })).toHaveFocus();

    expect(form().getByRole('alert')).toHaveTextContent('Please agree to the terms and conditions.');
    expect(screen.getByRole('checkbox', { name: 'I agree to the terms and conditions' })).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();

    // Agreeing answers the reminder.
    await user.click(screen.getByRole('checkbox', { name: 'I agree to the terms and conditions' }));
    expect(form().getByRole('alert')).toBeEmptyDOMElement();
  });

  it("shows the server's message on failure, without the field name it put in front, and keeps everything typed", async () => {
    answer(400, { success: false, message: 'phone: must match the phone format', field: 'phone' });
    const user = await fillIn({ students: '2', terms: true });
    await submit(user);

    expect(await form().findByText('must match the phone format')).toBeInTheDocument();
    expect(form().getByRole('alert')).toHaveTextContent(/^must match the phone format$/);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByLabelText('First name')).toHaveValue('Amira');
    expect(screen.getByLabelText('Last name')).toHaveValue('Haddad');
    expect(screen.getByRole('combobox', { name: 'Number of students' })).toHaveValue('2');
    expect(screen.getByLabelText('Email')).toHaveValue('amira@example.com');
    expect(screen.getByLabelText('Phone')).toHaveValue('+971 50 123 4567');
    expect(screen.getByRole('checkbox', { name: 'I agree to the terms and conditions' })).toBeChecked();
  });

  it("falls back to 'Submit failed' when the answer has no message", async () => {
    answer(400, {});
    const user = await fillIn({ students: '1', terms: true });
    await submit(user);

    expect(await form().findByText('Submit failed')).toBeInTheDocument();
  });

  it("says a server failure in the client's words, never the server's", async () => {
    answer(500, { success: false, message: 'SMTP relay refused' });
    const user = await fillIn({ students: '1', terms: true });
    await submit(user);

    expect(await form().findByRole('alert')).toHaveTextContent(`Submit failed. ${serverFailedText}`);
    expect(screen.queryByText(/SMTP/)).toBeNull();
  });

  it('marks every missing or wrong field at itself, focuses the first, and sends nothing', async () => {
    const user = userEvent.setup();
    showScreen();
    await user.type(screen.getByLabelText('Email'), 'amira.example.com');
    await user.type(screen.getByLabelText('Phone'), 'call me');
    await submit(user);

    const expected: [HTMLElement, string][] = [
      [screen.getByLabelText('First name'), 'First name is required'],
      [screen.getByLabelText('Last name'), 'Last name is required'],
      [screen.getByRole('combobox', { name: 'Number of students' }), 'Number of students is required'],
      [screen.getByLabelText('Email'), 'Please enter a valid email address.'],
      [screen.getByLabelText('Phone'), 'Please enter a valid phone number.'],
      [screen.getByRole('checkbox', { name: 'I agree to the terms and conditions' }), 'Please agree to the terms and conditions.'],
    ];
    for (const [field, message] of expected) {
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(message);
    }
    expect(screen.getByLabelText('First name')).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();

    // Filling a field answers it; the others stay marked.
    await user.type(screen.getByLabelText('First name'), 'Amira');
    expect(screen.getByLabelText('First name')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Last name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('disables Submit while the request is on its way', async () => {
    fetchMock.mockImplementation(() => new Promise<Response>(() => {}));
    const user = await fillIn({ students: '1', terms: true });
    await submit(user);

    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
  });
});
