import { promoResultSchema, type PromoRequest } from '@portal/contracts/billing';
import { api } from '@/lib/api-client';

/** validateAndApplyPromoCode (spec §7): the server prices the plan with the code. */
export const validatePromo = (request: PromoRequest) => api('/api/promo-codes/validate', { method: 'POST', body: request, schema: promoResultSchema });
