import type { Plan } from '@portal/contracts/plans';
import type { Db } from '../../platform/db/client.ts';
import { notFound } from '../../platform/http/errors.ts';
import { findPlanFor, listVisiblePlans } from './repository.ts';

export async function plansOnSale(db: Db): Promise<Plan[]> {
  return listVisiblePlans(db);
}

export async function getPlan(db: Db, id: string, userId: string | null): Promise<Plan> {
  const plan = await findPlanFor(db, id, userId);
  if (!plan) throw notFound('This plan is not available.');
  return plan;
}
