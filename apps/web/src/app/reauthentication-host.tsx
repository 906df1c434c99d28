import { lazy, Suspense, useEffect, useState } from 'react';
import { onReauthenticationRequired } from '@/lib/reauthentication';

// Loaded when first needed (with the Google sign-in): most visits never change anything sensitive.
const ReauthenticationDialog = lazy(() =>
  import('@/features/account-security/components/reauthentication-dialog').then((m) => ({ default: m.ReauthenticationDialog })),
);

/**
 * Answers every sensitive change refused for an old sign-in (api-client): opens the dialog that asks for the
 * password, and tells the call whether to try again. A Google sign-in leaves the page and comes back to it signed
 * in afresh; the change is then made again by the person.
 */
export function ReauthenticationHost() {
  const [asked, setAsked] = useState<((confirmed: boolean) => void) | null>(null);
  useEffect(() => onReauthenticationRequired(() => new Promise<boolean>((answer) => setAsked(() => answer))), []);
  if (!asked) return null;
  const close = (confirmed: boolean) => {
    asked(confirmed);
    setAsked(null);
  };
  return (
    <Suspense fallback={null}>
      <ReauthenticationDialog
        onConfirmed={() => close(true)}
        onCancel={() => close(false)}
        onGoogle={() =>
          void import('@/features/auth/api/sign-in').then(({ startGoogleSignIn }) => startGoogleSignIn(`${window.location.pathname}${window.location.search}`))
        }
      />
    </Suspense>
  );
}
