import { paymentSchema, type CheckoutRequest } from '@portal/contracts/billing';
import { api } from '@/lib/api-client';

/** Starts a purchase; the payment comes back Pending and settles live. */
export const startCheckout = (request: CheckoutRequest) => api('/api/checkout', { method: 'POST', body: request, schema: paymentSchema });
