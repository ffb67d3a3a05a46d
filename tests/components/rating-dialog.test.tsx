import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Reviewer } from '../../machines/rating.machine.ts';
import { reviewFailedText } from '../../src/api/calls/feedback.ts';
import { json, sentTo, stubNetwork } from '../support/network-stub.ts';
import { ratedLesson, renderPastBooking } from '../support/render-past-booking.tsx';
import { toasts } from '../support/render-screen.tsx';

const fetchMock = stubNetwork();
const reviewer: Reviewer = { clientid: 7, email: 'parent@example.com' };

const renderDialog = (who: Reviewer | null = reviewer) => renderPastBooking(who);
const open = async () => {
  await userEvent.click(screen.getByRole('button', { name: 'Comment' }));
  return within(screen.getByRole('dialog', { name: 'Rate Us' }));
};
const reviews = () => sentTo(fetchMock, '/api/sendReviewEmail');

/** The console errors a test expects; any other console error is the test's failure to see. */
const expectConsoleErrors = () => vi.spyOn(console, 'error').mockImplementation(() => {});
afterEach(() => vi.restoreAllMocks());

describe('the Rate Us dialog', () => {
  it('is closed until Comment opens it on its lesson, with no star, the hint, the placeholder and Submit disabled', async () => {
    renderDialog();
    expect(screen.queryByRole('dialog')).toBeNull();
    const dialog = await open();
    expect(dialog.getByText('Mathematics, Sun 1 Nov 2026 · 16:00')).toBeVisible();
    expect(dialog.getByText('Tap a star to rate')).toBeVisible();
    expect(dialog.getByPlaceholderText('Write your feedback...')).toHaveValue('');
    expect(dialog.getAllByRole('radio')).toHaveLength(5);
    expect(dialog.getByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  it('lights the stars under the pointer, and the chosen ones when it leaves', async () => {
    renderDialog();
    const dialog = await open();
    const lit = () => dialog.getAllByRole('radio').filter((radio) => radio.closest('label')?.dataset.lit === 'true').length;
    await userEvent.hover(dialog.getByRole('radio', { name: '4 stars' }).closest('label') as HTMLElement);
    expect(lit()).toBe(4);
    await userEvent.click(dialog.getByRole('radio', { name: '2 stars' }));
    await userEvent.unhover(screen.getByRole('group', { name: 'Your rating' }));
    expect(lit()).toBe(2);
    expect(dialog.getByText('You rated 2 star(s)')).toBeVisible();
  });

  it('rates with the keyboard: arrow keys move between the stars', async () => {
    renderDialog();
    const dialog = await open();
    await userEvent.click(dialog.getByRole('radio', { name: '1 star' }));
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(dialog.getByRole('radio', { name: '3 stars' })).toBeChecked();
    expect(dialog.getByText('You rated 3 star(s)')).toBeVisible();
  });

  it('sends the rating and feedback of that lesson, says thank you, closes, and opens again reset', async () => {
    fetchMock.mockResolvedValue(json({ data: { success: true, message: 'Thank you for your feedback!' } }, 201));
    renderDialog();
    const dialog = await open();
    await userEvent.click(dialog.getByRole('radio', { name: '4 stars' }));
    await userEvent.type(dialog.getByPlaceholderText('Write your feedback...'), '  Very patient with Adam.  ');
    await userEvent.click(dialog.getByRole('button', { name: 'Submit' }));

    expect(await toasts().findByText('Thank you for your feedback!')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    const [sent] = reviews();
    expect(await sent?.clone().json()).toEqual({ clientid: 7, client_email: 'parent@example.com', review_number: 4, description: 'Very patient with Adam.', appointment_id: ratedLesson.id });

    const again = await open();
    expect(again.getByText('Tap a star to rate')).toBeVisible();
    expect(again.getByPlaceholderText('Write your feedback...')).toHaveValue('');
  });

  it.each([
    ['the server refuses it', () => json({ success: false, message: 'review_number: must be <= 5' }, 400), 'review_number: must be <= 5', false],
    ['the answer says success false', () => json({ data: { success: false, message: '' } }, 201), reviewFailedText, false],
    ['the network fails', () => Promise.reject(new TypeError('Failed to fetch')), reviewFailedText, true],
  ])('when %s it stays open as it was and says so', async (_label, answer, text, logged) => {
    const consoleError = expectConsoleErrors();
    fetchMock.mockImplementation(answer as () => Promise<Response>);
    renderDialog();
    const dialog = await open();
    await userEvent.click(dialog.getByRole('radio', { name: '5 stars' }));
    await userEvent.type(dialog.getByPlaceholderText('Write your feedback...'), 'Great');
    await userEvent.click(dialog.getByRole('button', { name: 'Submit' }));

    expect(await toasts().findByText(text)).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Rate Us' })).toBeVisible();
    // Said inside the dialog too: the modal hides the toasts behind it.
    expect(dialog.getByRole('alert')).toHaveTextContent(text);
    expect(dialog.getByRole('radio', { name: '5 stars' })).toBeChecked();
    expect(dialog.getByPlaceholderText('Write your feedback...')).toHaveValue('Great');
    expect(dialog.getByRole('button', { name: 'Submit' })).toBeEnabled();
    // A lost connection is logged with its cause; an answer from the server is only shown.
    expect(consoleError.mock.calls.map(([first]) => first)).toEqual(logged ? [reviewFailedText] : []);
  });

  it.each([
    ['rated already', { success: false, message: 'appointment_id: You have rated this lesson already.', error: 'appointment_id: You have rated this lesson already.', field: 'appointment_id' }, 'You have rated this lesson already.'],
    ['rated already, without the field in the text', { success: false, message: 'You have rated this lesson already.', field: 'appointment_id' }, 'You have rated this lesson already.'],
    ['not completed', { success: false, message: 'Only a completed lesson can be rated.', field: 'appointment_id' }, 'Only a completed lesson can be rated.'],
  ])("the server's 409 (%s) is said as a sentence, and the dialog closes", async (_label, body, sentence) => {
    fetchMock.mockResolvedValue(json(body, 409));
    renderDialog();
    const dialog = await open();
    await userEvent.click(dialog.getByRole('radio', { name: '4 stars' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Submit' }));

    expect(await toasts().findByText(sentence)).toBeVisible();
    expect(toasts().queryByText(/appointment_id/)).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(reviews()).toHaveLength(1);
  });

  it("without stored user data it sends nothing and logs 'No user data found'", async () => {
    const consoleError = expectConsoleErrors();
    renderDialog(null);
    const dialog = await open();
    await userEvent.click(dialog.getByRole('radio', { name: '3 stars' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Submit' }));
    await act(async () => {});

    expect(reviews()).toHaveLength(0);
    expect(consoleError.mock.calls).toEqual([['No user data found']]);
    expect(screen.getByRole('dialog', { name: 'Rate Us' })).toBeVisible();
  });

  it('Cancel closes it and forgets the stars and text', async () => {
    renderDialog();
    const dialog = await open();
    await userEvent.click(dialog.getByRole('radio', { name: '2 stars' }));
    await userEvent.type(dialog.getByPlaceholderText('Write your feedback...'), 'Hmm');
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    const again = await open();
    expect(again.getByText('Tap a star to rate')).toBeVisible();
    expect(again.getByPlaceholderText('Write your feedback...')).toHaveValue('');
    expect(reviews()).toHaveLength(0);
  });
});
