import type { FastifyServerOptions } from 'fastify';
import type { TokenService } from './auth/tokens.ts';
import type { Database } from './db/database.ts';
import type { PaymentProvider } from './domain/payment-provider.ts';
import type { JobSettings } from './domain/jobs.ts';
import type { ReminderSettings } from './domain/reminders.ts';
import type { NotificationSchedule } from './domain/sandbox-notifications.ts';
import type { Failpoint } from './failpoints.ts';
import type { TrustProxy } from './http/trust-proxy.ts';

export interface AppOptions {
  db: Database;
  tokens: TokenService;
  /** Origin of the portal, used in e-mailed links and payment links. Never taken from a request's Host. */
  publicUrl: string;
  /** Believe X-Forwarded-* headers from this many proxies, or from these addresses (only behind a proxy that sets them). */
  trustProxy?: TrustProxy;
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
  /**
   * Run the background jobs while the app runs (server/domain/jobs.ts: the sandbox's notification retries, the
   * reconciliation of paid orders, the pruning of old rate events). Off when absent, as the reminders are.
   */
  jobs?: JobSettings;
  /** The sandbox's notification schedule (SANDBOX_NOTIFY_RETRY_SECONDS); the defaults of sandbox-notifications.ts when absent. */
  paymentNotifications?: Partial<NotificationSchedule>;
  /** PORTAL_FAILPOINT: a test-only switch that kills the instance at one named point (server/failpoints.ts). */
  failpoint?: Failpoint | undefined;
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
  /** When the sandbox retries a notification that got no 2xx, and how late "notify later" is. */
  notificationSchedule: NotificationSchedule;
  failpoint: Failpoint | undefined;
}
