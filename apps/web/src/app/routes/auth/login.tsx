import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { SignUpInput } from '@portal/contracts/auth';
import { ApiError } from '@/lib/api-client';
import { afterVerification, destinationAfterSignIn, readHandoff } from '@/app/plan-handoff';
import { fetchSession, sessionQueryKey, useSession } from '@/lib/session';
import { signInWithPassword, signUpWithPassword } from '@/features/auth/api/sign-in';
import { AuthForm, type AuthMode } from '@/features/auth/components/auth-form';
import { GoogleButton } from '@/features/auth/components/google-button';
import { TwoFactorChallenge } from '@/features/auth/components/two-factor-challenge';
import { ChosenPlan } from '@/features/auth/components/chosen-plan';
import { CheckEmail } from '@/features/auth/components/check-email';
import { ResendVerification } from '@/features/account-security/components/resend-verification';
import { usePlan } from '@/features/plans/api/plans';
import { paths } from '@/lib/paths';
import { useSiteConfig } from '@/lib/site-config';

const GOOGLE_ERROR = 'Google sign-in did not complete. Please try again.';
const NOT_LINKED =
  'An account with this email already exists. Please sign in with your email and password.';

const USE_PASSWORD_AND_CODE =
  'This account uses two-factor authentication. Please sign in with your email, password and code.';

/** The message for an error the Google sign-in came back with (better-auth appends its own code). */
function googleError(params: URLSearchParams): string | null {
  const codes = params.getAll('error');
  if (codes.length === 0) return null;
  if (codes.includes('two_factor_sign_in_with_password')) return USE_PASSWORD_AND_CODE;
  return codes.includes('account_not_linked') ? NOT_LINKED : GOOGLE_ERROR;
}

export function Component() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const session = useSession();
  const handoff = readHandoff(location.state, location.search);
  // Arriving from pricing with a plan (the from-checkout flag): most are new customers, so Create Account first.
  const [mode, setMode] = useState<AuthMode>(handoff.fromCheckout && handoff.planId ? 'signUp' : 'signIn');
  const [busy, setBusy] = useState(false);
  const chosenPlan = usePlan(handoff.fromCheckout ? handoff.planId : undefined).data;
  const [error, setError] = useState<string | null>(() => googleError(params));
  const [awaitingCode, setAwaitingCode] = useState(false);
  /** Sign-up was sent: the address a link went to ("Check your email"). */
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null);
  /** Sign-in was refused until this address is verified: "Resend" is offered for it. */
  const [unverified, setUnverified] = useState<string | null>(null);
  const googleSignIn = useSiteConfig().data?.googleSignIn === true;

  // Guard (spec §6): a signed-in visitor does not see this page, unless this page is signing them in now.
  if (session.data?.user && !busy) return <Navigate to={paths.dashboard()} replace />;

  const continueParams = new URLSearchParams();
  if (handoff.planId) continueParams.set('plan', handoff.planId);
  if (handoff.fromCheckout) continueParams.set('fromCheckout', '1');
  const continueTo = `${paths.authContinue()}${continueParams.size ? `?${continueParams}` : ''}`;

  /** Signed in: on to where spec §4 sends this user. */
  async function goOn() {
    const state = await fetchSession();
    const target = destinationAfterSignIn(handoff, state.landing, mode === 'signUp');
    await navigate(target.to, { replace: true, state: target.state });
    queryClient.setQueryData(sessionQueryKey, state);
  }

  async function submit(values: SignUpInput) {
    setBusy(true);
    setError(null);
    setUnverified(null);
    try {
      if (mode === 'signUp') {
        // The account signs in by the link mailed to it, which then goes on as spec §4 says (with the plan, if any).
        await signUpWithPassword({ ...values, callbackURL: afterVerification(handoff, true) });
        setLinkSentTo(values.email);
        setBusy(false);
        return;
      }
      if ((await signInWithPassword({ email: values.email, password: values.password })).twoFactorRequired) {
        setAwaitingCode(true);
        return;
      }
      await goOn();
    } catch (e) {
      if (e instanceof ApiError && e.code === 'EMAIL_NOT_VERIFIED') setUnverified(values.email);
      setError(e instanceof ApiError ? e.message : 'Something went wrong. Please try again.');
      setBusy(false);
    }
  }

  if (linkSentTo) {
    return (
      <CheckEmail
        email={linkSentTo}
        next={chosenPlan && <ChosenPlan plan={chosenPlan} />}
        resend={<ResendVerification email={linkSentTo} callbackURL={afterVerification(handoff, true)} variant="primary" />}
        onChangeEmail={() => setLinkSentTo(null)}
      />
    );
  }

  if (awaitingCode) {
    return (
      <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-center text-2xl font-bold text-slate-900">Two-Factor Authentication</h1>
          <div className="mt-6">
            <TwoFactorChallenge onSignedIn={goOn} />
          </div>
        </div>
      </div>
    );
  }

  const title = mode === 'signUp' ? 'Create Account' : 'Sign In';
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-center text-2xl font-bold text-slate-900">{title}</h1>
        <p className="mt-2 text-center text-sm text-slate-600">
          {mode === 'signUp' ? 'Start your branded app in minutes.' : 'Welcome back. Sign in to your portal.'}
        </p>
        {chosenPlan && <ChosenPlan plan={chosenPlan} />}
        {/* Production offers Google only once a Google client is configured (the site config says). */}
        {googleSignIn ? (
          <>
            <div className="mt-6">
              <GoogleButton continueTo={continueTo} onError={setError} />
            </div>
            <div className="my-6 flex items-center gap-3 text-xs font-semibold text-slate-500" role="separator">
              <span className="h-px flex-1 bg-slate-200" />
              OR
              <span className="h-px flex-1 bg-slate-200" />
            </div>
          </>
        ) : (
          <div className="mt-6" />
        )}
        <AuthForm key={mode} mode={mode} busy={busy} onSubmit={submit} />
        {mode === 'signIn' && (
          <p className="mt-3 text-right text-sm">
            <Link to={paths.forgotPassword()} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
              Forgot password?
            </Link>
          </p>
        )}
        {error && (
          <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
            {error}
          </p>
        )}
        {unverified && mode === 'signIn' && (
          <div className="mt-3">
            {/* An account that never followed its link: a new one goes on from the link as a sign-up does. */}
            <ResendVerification email={unverified} callbackURL={afterVerification(handoff, true)} />
          </div>
        )}
        <p className="mt-6 text-center text-sm text-slate-700">
          {mode === 'signUp' ? 'Already have an account?' : "Don't have an account?"}{' '}
          <button
            type="button"
            className="font-semibold text-brand-700 underline-offset-2 hover:underline"
            onClick={() => {
              setMode(mode === 'signUp' ? 'signIn' : 'signUp');
              setError(null);
              setUnverified(null);
            }}
          >
            {mode === 'signUp' ? 'Sign In' : 'Create Account'}
          </button>
        </p>
      </div>
    </div>
  );
}
