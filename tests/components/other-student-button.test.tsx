import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type BookingDraft, type PackageForm, emptyDraft, withForm, withLessons, withSlots, withStudentChosen } from '../../machines/booking/booking-draft.ts';
import { readDraft, writeDraft } from '../../src/booking/booking-draft-storage.ts';
import { CheckoutScreen } from '../../src/screens/checkout/checkout-screen.tsx';
import { samplePrice, sampleForm, sampleLessons, sampleSlots, sampleTutors, individualForm } from '../support/draft-fixtures.ts';
import { liveToken } from '../support/network-stub.ts';
import { testUser } from '../support/render-screen.tsx';
import { renderWithSession } from '../support/render-session.tsx';

// Checkout's 'Go For First' / 'Go For Second' in place of Pay Now, by role, on the draft the earlier steps stored.

const form: PackageForm = individualForm();

const atCheckout = (draft: BookingDraft) => withSlots(withLessons(draft, sampleLessons, '12 Lessons', samplePrice), sampleSlots, sampleTutors);
const pending = (studentType: 1 | 2) => atCheckout(withStudentChosen(withForm(emptyDraft('new'), form), studentType));

function renderCheckout(draft: BookingDraft) {
  writeDraft(draft);
  renderWithSession(
    <MemoryRouter initialEntries={['/checkout']}>
      <Routes>
        <Route path="/checkout" element={<CheckoutScreen />} />
        <Route path="/manage-packages" element={<h1>Package selection</h1>} />
      </Routes>
    </MemoryRouter>,
    { stored: { token: liveToken(), user: testUser } },
  );
}

describe("checkout's other-student button", () => {
  it.each([
    [1, 'Go For Second', 'Go For First'],
    [2, 'Go For First', 'Go For Second'],
  ] as const)('with student %i being booked and the other to come, it reads %s', (studentType, label, notLabel) => {
    renderCheckout(pending(studentType));
    expect(screen.getByRole('button', { name: label })).toBeEnabled();
    expect(screen.queryByRole('button', { name: notLabel })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pay Now' })).toBeNull();
  });

  it.each([
    ['Enter', '{Enter}'],
    ['Space', ' '],
  ])('is a real button: %s on it books the other student', async (_key, keys) => {
    renderCheckout(pending(1));
    const ui = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Go For Second' });
    // Reached with Tab alone, past checkout's fields.
    for (let tabs = 0; tabs < 20 && document.activeElement !== button; tabs++) await ui.tab();
    expect(button).toHaveFocus();
    await ui.keyboard(keys);
    expect(await screen.findByRole('heading', { name: 'Package selection' })).toBeVisible();
    expect(readDraft()?.split).toEqual({
      studentType: 2,
      otherStudentPending: false,
      done: [{ studentType: 1, form: form, lessons: sampleLessons, slots: sampleSlots, price: samplePrice }],
    });
  });

  it.each([
    ['a single booking', atCheckout(withForm(emptyDraft('new'), sampleForm))],
    ["the second student's checkout, which pays for both", { ...atCheckout(withForm(emptyDraft('new'), form)), split: { studentType: 2 as const, otherStudentPending: false, done: [{ studentType: 1 as const, form: form, lessons: sampleLessons, slots: sampleSlots, price: samplePrice }] } }],
    ['a pending payment', atCheckout(withForm(emptyDraft('pendingPayment'), sampleForm))],
  ])('shows Pay Now and no switch for %s', (_label, draft: BookingDraft) => {
    renderCheckout(draft);
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: /^Go For (First|Second)$/ })).toBeNull();
  });
});
