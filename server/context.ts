import type { FastifyServerOptions } from 'fastify';
import type { TokenService } from './auth/tokens.ts';
import type { Database } from './db/database.ts';
import type { PaymentProvider } from './domain/payment-provider.ts';
import type { ReminderSettings } from './domain/reminders.ts';

export interface AppOptions {
  db: Database;
  tokens: TokenService;
  /** Origin of the portal, used in e-mailed links and payment links. Never taken from a request's Host. */
  publicUrl: string;
  /** Believe X-Forwarded-* headers (only behind a proxy that sets them). */
  trustProxy?: boolean;
  staffEmail?: string;
  /**
   * Serve the development pages, to this machine only: the mail outbox at /dev/outbox (the embedded setup has
   * no mail server) and POST /dev/appointments/{id}/complete. Only for the embedded setup.
   */
  devOutbox?: boolean;
  /** How long an order holds its hours (the life of its payment link); 1800 s by default. */
  orderHoldSeconds?: number;
  /** The key the payment provider signs its notifications with (the sandbox signs with it too). */
  paymentWebhookSecret: string;
  /**
   * Scan for due lesson reminders while the app runs (REMINDER_LEAD_HOURS, REMINDER_SCAN_SECONDS): from when it
   * is ready until it closes. Off when absent, so an app built for a test or a tool mails nobody by itself.
   */
  reminders?: ReminderSettings;
  /** The built SPA; a placeholder page is served while it does not exist. */
  spaDir?: string;
  logger?: FastifyServerOptions['logger'];
}

/** What every handler and page is given: the composition root builds it, nothing imports the root. */
export interface AppContext {
  db: Database;
  tokens: TokenService;
  staffEmail: string;
  publicUrl: string;
  orderHoldSeconds: number;
  webhookSecret: string;
  /** The payment provider, asked about a payment whose notification has not come. */
  provider: PaymentProvider;
  /** Sends a signed provider notification to this server's webhook, over its HTTP route (the sandbox's delivery). */
  deliverPaymentEvent(rawBody: string, signature: string): Promise<{ status: number; body: string }>;
}
