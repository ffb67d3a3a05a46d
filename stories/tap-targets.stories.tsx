import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { AppShell } from '../src/app/app-layout.tsx';
import { ScreenFrame } from '../src/components/screen-frame.tsx';
import { LoginView } from '../src/screens/login/login-view.tsx';
import { StudentFormView } from '../src/screens/student-form/student-form-view.tsx';
import { notify } from '../src/toasts/notify.ts';
import { ToastRegion } from '../src/toasts/toast-region.tsx';

// Issue 19: every tap target at least 44 × 44 CSS px on a phone (WCAG 2.5.8 asks 24), measured in the
// browser at 390 px: the login links, the quote form's checkbox, the header's buttons and a toast's close.
// The slot grid's hours, tabs and checkbox are measured with their screen (book-class.stories.tsx).

const phone = {
  parameters: { viewport: { options: { phone: { name: 'Phone 390 × 844', styles: { width: '390px', height: '844px' }, type: 'mobile' } } } },
  globals: { viewport: { value: 'phone', isRotated: false } },
};

/** Each element's rendered size, at least 44 × 44 CSS px. */
async function expectTapTargets(elements: readonly Element[]) {
  await expect(window.innerWidth).toBe(390);
  const sizes = elements.map((element) => {
    const box = element.getBoundingClientRect();
    return { name: element.getAttribute('aria-label') ?? element.textContent, wide: box.width >= 44, tall: box.height >= 44 };
  });
  await expect(sizes).toEqual(sizes.map(({ name }) => ({ name, wide: true, tall: true })));
}

const meta = {
  title: 'Accessibility/Tap targets',
  ...phone,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const LoginLinks: Story = {
  render: () => <LoginView email="" password="" registerUrl="/student-form" submitting={false} canSubmit={false} error={null} onEmailChange={fn()} onPasswordChange={fn()} onSubmit={fn()} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectTapTargets([canvas.getByRole('link', { name: 'Forgot Password' }), canvas.getByRole('link', { name: /opens in a new tab/ })]);
  },
};

export const QuoteFormCheckbox: Story = {
  render: () => (
    <StudentFormView
      fields={{ firstname: '', lastname: '', students: '', email: '', phone: '', terms: false }}
      submitting={false}
      error={null}
      termsMissing={false}
      thankYouFor={null}
      onChange={fn()}
      onTermsMissing={fn()}
      onSubmit={fn()}
      onThankYouClose={fn()}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The box's hit area is its label, the whole row.
    const label = canvasElement.querySelector('label[for="' + canvas.getByRole('checkbox', { name: 'I agree to the terms and conditions' }).id + '"]');
    await expectTapTargets(label ? [label] : []);
  },
};

export const HeaderButtons: Story = {
  render: () => (
    <AppShell title="Book Classes" firstName="Amira" lastName="Haddad" contactPhone="+971 4 123 4567" contactEmail="hello@tutoring.example" socialLinks={[]} onBack={fn()} onFreshStart={fn()} onLogout={fn()}>
      <ScreenFrame title="Book Classes" titleHidden>
        <p>The screen goes here.</p>
      </ScreenFrame>
    </AppShell>
  ),
  play: async ({ canvasElement }) => {
    const banner = within(within(canvasElement).getByRole('banner'));
    await expectTapTargets(banner.getAllByRole('button'));
  },
};

export const ToastClose: Story = {
  render: () => <ToastRegion />,
  play: async ({ canvasElement }) => {
    notify.error('Number of students is required');
    const toast = await within(canvasElement.ownerDocument.body).findByRole('alert');
    const close = await within(toast.parentElement ?? toast).findByRole('button', { name: 'close' });
    await waitFor(() => expect(close.getBoundingClientRect().height).toBeGreaterThan(0));
    await expectTapTargets([close]);
  },
};
