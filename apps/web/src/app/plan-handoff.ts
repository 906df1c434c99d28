import type { SessionState } from '@portal/contracts/auth';
import { paths } from '@/lib/paths';

/**
 * How a chosen plan travels from pricing to checkout, through sign-in if needed (spec §2, §4). The plan id rides
 * in the URL as well as in navigation state, so a reload keeps it.
 */
export interface PlanHandoff {
  planId?: string;
  fromCheckout?: boolean;
}

export const checkoutTarget = (planId: string) => ({
  to: paths.checkout({ plan: planId }),
  state: { planId } satisfies PlanHandoff,
});

export const loginTarget = (planId: string) => ({
  to: paths.login({ plan: planId, fromCheckout: '1' }),
  state: { planId, fromCheckout: true } satisfies PlanHandoff,
});

/** Reads a handoff from navigation state first, then from the URL. */
export function readHandoff(state: unknown, search: string): PlanHandoff {
  const s = (state ?? {}) as PlanHandoff;
  const params = new URLSearchParams(search);
  const planId = s.planId ?? params.get('plan') ?? undefined;
  const fromCheckout = s.fromCheckout ?? params.get('fromCheckout') === '1';
  return { planId: planId || undefined, fromCheckout };
}

/** Where to go after signing in (spec §4). */
export function destinationAfterSignIn(
  handoff: PlanHandoff,
  landing: SessionState['landing'],
  isNewAccount: boolean,
) {
  if (handoff.fromCheckout && handoff.planId) return checkoutTarget(handoff.planId);
  if (isNewAccount) return { to: paths.selectPlan(), state: undefined };
  return { to: landing ?? paths.selectPlan(), state: undefined };
}
