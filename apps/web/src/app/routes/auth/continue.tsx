import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { destinationAfterSignIn, readHandoff } from '@/app/plan-handoff';
import { fetchSession, sessionQueryKey } from '@/lib/session';
import { paths } from '@/lib/paths';

/** Where Google sign-in comes back to: applies spec §4's routing once the session exists. */
export function Component() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    let cancelled = false;
    void fetchSession().then(async (state) => {
      if (cancelled) return;
      queryClient.setQueryData(sessionQueryKey, state);
      if (!state.user) return navigate(paths.login({ error: 'google' }), { replace: true });
      const isNew = new URLSearchParams(location.search).get('new') === '1';
      const target = destinationAfterSignIn(readHandoff(null, location.search), state.landing, isNew);
      await navigate(target.to, { replace: true, state: target.state });
    });
    return () => {
      cancelled = true;
    };
  }, [location.search, navigate, queryClient]);
  return (
    <p role="status" className="py-24 text-center text-slate-600">
      Signing you in...
    </p>
  );
}
