import type { Queryable } from '../db/database.ts';

/** What the payment provider says of an order's payment, asked server to server. */
export interface ProviderPayment {
  status: 'paid' | 'failed' | 'cancelled';
  amount: number;
  method: string;
}

/**
 * The payment provider as the server asks it (a real provider's "retrieve the checkout" call): the
 * embedded setup's provider is the sandbox, whose own record of each payment is `sandbox_payments`.
 */
export interface PaymentProvider {
  /** `db` is the caller's connection (a transaction holding the order's row lock, when it has one). */
  paymentOf(db: Queryable, ref: string): Promise<ProviderPayment | undefined>;
}

export function sandboxProvider(): PaymentProvider {
  return {
    async paymentOf(db, ref) {
      const [row] = await db.query<{ status: ProviderPayment['status']; amount: string; method: string }>('select status, amount, method from sandbox_payments where ref = $1', [ref]);
      return row && { status: row.status, amount: Number(row.amount), method: row.method };
    },
  };
}
