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

/** The login page, carrying the handoff (if any) on. */
export const loginWith = (handoff: PlanHandoff) =>
  paths.login({ plan: handoff.planId, fromCheckout: handoff.fromCheckout ? '1' : undefined });

/**
 * Where a mailed verification link goes on to once it has signed the account in: the page that carries the
 * handoff on to where spec §4 sends the user (a new account with a plan from pricing: that plan's checkout).
 */
export const afterVerification = (handoff: PlanHandoff, isNewAccount: boolean) =>
  paths.emailVerified({
    new: isNewAccount ? '1' : undefined,
    plan: handoff.planId,
    fromCheckout: handoff.fromCheckout ? '1' : undefined,
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
