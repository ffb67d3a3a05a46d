/**
 * The portal's settings, from VITE_* variables at build time, with the defaults the embedded setup
 * uses. Nothing else reads import.meta.env.
 */
const env = import.meta.env;

const text = (value: string | undefined, fallback: string) => (value === undefined || value === '' ? fallback : value);
const nonNegative = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) && n >= 0 ? n : fallback;
};

export interface SocialLink {
  name: string;
  href: string;
}

export const config = {
  /** The provider's web address, shown in the landing page footer. */
  providerHost: text(env.VITE_PROVIDER_HOST, 'www.tutoring.example'),
  contactPhone: text(env.VITE_CONTACT_PHONE, '+971 4 123 4567'),
  contactEmail: text(env.VITE_CONTACT_EMAIL, 'hello@tutoring.example'),
  socialLinks: [
    { name: 'Facebook', href: text(env.VITE_SOCIAL_FACEBOOK, 'https://www.facebook.com/') },
    { name: 'Instagram', href: text(env.VITE_SOCIAL_INSTAGRAM, 'https://www.instagram.com/') },
    { name: 'LinkedIn', href: text(env.VITE_SOCIAL_LINKEDIN, 'https://www.linkedin.com/') },
  ] satisfies SocialLink[],
  /** 'Register as New Client' (opens in a new tab). */
  registerUrl: text(env.VITE_REGISTER_URL, '/student-form'),
  currency: text(env.VITE_CURRENCY, 'AED'),
  /** The price the remaining-package screen shows ('AED 60' by default: docs/decisions/002-one-money-formatter.md). */
  renewalPrice: nonNegative(env.VITE_RENEWAL_PRICE, 60),
  apiBaseUrl: text(env.VITE_API_BASE_URL, '/api'),
  apiTimeoutMs: nonNegative(env.VITE_API_TIMEOUT_MS, 30_000),
  /** The spec's fixed waits; tests and stories override them. */
  delays: {
    paymentStart: nonNegative(env.VITE_DELAY_PAYMENT_START_MS, 3000),
    paymentRecord: nonNegative(env.VITE_DELAY_PAYMENT_RECORD_MS, 8000),
    paymentAlert: nonNegative(env.VITE_DELAY_PAYMENT_ALERT_MS, 2000),
    failedRedirect: nonNegative(env.VITE_DELAY_FAILED_REDIRECT_MS, 2000),
    banner: nonNegative(env.VITE_DELAY_BANNER_MS, 3000),
    dialogChoice: nonNegative(env.VITE_DELAY_DIALOG_CHOICE_MS, 300),
  },
  toast: { defaultMs: 5000, successMs: 2000, errorMs: 3000 },
} as const;
