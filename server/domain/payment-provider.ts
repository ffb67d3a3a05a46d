import type { Queryable } from '../db/database.ts';

/** What the payment provider says of an order's payment, asked server to server. */
export interface ProviderPayment {
  status: 'paid' | 'failed' | 'cancelled';
  amount: number;
  method: string;
  /** When the provider recorded the outcome: reconciliation leaves a fresh payment to its notification. */
  at: Date;
}

/**
 * The payment provider as the server asks it (a real provider's "retrieve the checkout" call): the
 * embedded setup's provider is the sandbox, whose own record of each payment is `sandbox_payments`.
 */
export interface PaymentProvider {
  /**
   * `db` is the caller's connection (a transaction holding the order's row lock, when it has one). Asked by
   * the client's return to /success, by closing an order, and by the reconciliation scan for each open order
   * (server/domain/reconciliation.ts), so a provider that lost or delays a notification is still heard.
   */
  paymentOf(db: Queryable, ref: string): Promise<ProviderPayment | undefined>;
}

export function sandboxProvider(): PaymentProvider {
  return {
    async paymentOf(db, ref) {
      const [row] = await db.query<{ status: ProviderPayment['status']; amount: string; method: string; at: Date }>('select status, amount, method, at from sandbox_payments where ref = $1', [ref]);
      return row && { status: row.status, amount: Number(row.amount), method: row.method, at: new Date(row.at) };
    },
  };
}
