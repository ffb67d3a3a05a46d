import { type Answer, type ApiClient, callApi } from '../client.ts';

export const invoicesFailedText = 'Your transactions could not be loaded.';

/** GET /proformainvoice: the client's proforma invoices (data.results). */
export function listInvoices(api: ApiClient): Promise<Answer<'listInvoices'>> {
  return callApi(() => api.GET('/proformainvoice'), invoicesFailedText);
}
