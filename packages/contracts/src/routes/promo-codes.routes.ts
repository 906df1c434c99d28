import { staffErrors as errors } from '../errors.ts';
import {
  newPromoCodeSchema,
  promoCodeInputSchema,
  promoCodeParamsSchema,
  staffPromoCodeListSchema,
  staffPromoCodeSchema,
} from '../promo-codes.ts';
import { defineRoute, noContent } from '../route.ts';
import { topics } from '../topics.ts';

const tags = ['staff'];

/** Promo codes price plans, so their writes publish on `plans`: open checkouts re-check an applied code. */
export const listStaffPromoCodes = defineRoute({
  method: 'GET',
  path: '/api/staff/promo-codes',
  auth: 'admin',
  tags,
  summary: 'Every promo code, retired ones too, by code, with how many times each was redeemed',
  responses: { 200: staffPromoCodeListSchema, ...errors },
  topic: topics.plans,
});

export const createPromoCode = defineRoute({
  method: 'POST',
  path: '/api/staff/promo-codes',
  auth: 'admin',
  tags,
  summary: 'New promo code (stored upper-case; an amount code is in cents); 409 PROMO_CODE_TAKEN if it exists',
  body: newPromoCodeSchema,
  responses: { 201: staffPromoCodeSchema, ...errors },
  topic: topics.plans,
});

export const updatePromoCode = defineRoute({
  method: 'PUT',
  path: '/api/staff/promo-codes/:code',
  auth: 'admin',
  tags,
  summary: "Change a code's kind, value, plans, expiry or limit, or retire it (active false); its redemptions stay",
  params: promoCodeParamsSchema,
  body: promoCodeInputSchema,
  responses: { 200: staffPromoCodeSchema, ...errors },
  topic: topics.plans,
});

export const deletePromoCode = defineRoute({
  method: 'DELETE',
  path: '/api/staff/promo-codes/:code',
  auth: 'admin',
  tags,
  summary: 'Delete a code no payment used (409 PROMO_CODE_USED otherwise: retire it instead)',
  params: promoCodeParamsSchema,
  responses: { 204: noContent, ...errors },
  topic: topics.plans,
});

export const promoCodeRoutes = { listStaffPromoCodes, createPromoCode, updatePromoCode, deletePromoCode };
