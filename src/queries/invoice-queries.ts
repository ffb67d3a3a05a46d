import { queryOptions } from '@tanstack/react-query';
import type { ProformaInvoice } from '../../machines/rules/invoices.ts';
import { api } from '../api/api.ts';
import { listInvoices } from '../api/calls/invoices.ts';

/**
 * GET /proformainvoice: the invoices the server answers for the session's client (the screen still keeps only
 * `clientid`'s, the spec's rule). Keyed by client so that another login never sees a cached list.
 */
export const invoicesOptions = (clientid: number) =>
  queryOptions({
    queryKey: ['proformainvoice', clientid] as const,
    queryFn: async (): Promise<ProformaInvoice[]> => (await listInvoices(api)).data.results,
  });
