import { isStaffRole } from '@portal/contracts/route-helpers';
import { useState } from 'react';
import type { Me } from '@portal/contracts/auth';
import { Button } from '@/components/ui/button';
import { useRegenerateRecoveryCodes, useTurnOffTwoFactor } from '../api/two-factor';
import { SuccessMessage } from './auth-card';
import { PasswordConfirmation } from './password-confirmation';
import { RecoveryCodes } from './recovery-codes';
import { TwoFactorSetup } from './two-factor-setup';

type Action = 'setUp' | 'newCodes' | 'turnOff' | null;

/** Account Settings: whether sign-in asks for a second factor; turning it on or off, and new recovery codes. */
export function TwoFactorSettings({ user, hasPassword }: { user: Me; hasPassword: boolean }) {
  const [action, setAction] = useState<Action>(null);
  const [done, setDone] = useState<string | null>(null);
  const regenerate = useRegenerateRecoveryCodes();
  const turnOff = useTurnOffTwoFactor();
  const open = (next: Action) => {
    setDone(null);
    regenerate.reset();
    turnOff.reset();
    setAction(next);
  };

  if (action === 'setUp') {
    return (
      <TwoFactorSetup
        hasPassword={hasPassword}
        onCancel={() => setAction(null)}
        onDone={() => {
          setAction(null);
          setDone('Two-factor authentication is on. Sign-ins now ask for a code from your authenticator app.');
        }}
      />
    );
  }

  const status = user.twoFactorEnabled ? 'On' : 'Off';
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">
        Status: <strong className={user.twoFactorEnabled ? 'text-emerald-800' : 'text-slate-900'}>{status}</strong>
        {user.twoFactorEnabled
          ? '. Signing in asks for a code from your authenticator app, or a recovery code.'
          : '. Add a code from an authenticator app to your password, so that a stolen password alone cannot open your account.'}
      </p>
      {done && <SuccessMessage>{done}</SuccessMessage>}
      {action === 'newCodes' && regenerate.data && (
        <>
          <RecoveryCodes codes={regenerate.data.backupCodes} />
          <Button variant="secondary" onClick={() => open(null)}>
            Done
          </Button>
        </>
      )}
      {action === 'newCodes' && !regenerate.data && (
        <PasswordConfirmation
          hasPassword={hasPassword}
          label="Get New Codes"
          busy={regenerate.isPending}
          error={regenerate.error}
          onConfirm={(password) => regenerate.mutate(password)}
          onCancel={() => open(null)}
        />
      )}
      {action === 'turnOff' && (
        <PasswordConfirmation
          hasPassword={hasPassword}
          label="Turn Off"
          danger
          busy={turnOff.isPending}
          error={turnOff.error}
          onConfirm={(password) =>
            turnOff.mutate(password, {
              onSuccess: () => {
                setAction(null);
                setDone('Two-factor authentication is off.');
              },
            })
          }
          onCancel={() => open(null)}
        />
      )}
      {action === null && (
        <div className="flex flex-wrap gap-3">
          {user.twoFactorEnabled ? (
            <>
              <Button variant="secondary" onClick={() => open('newCodes')}>
                New Recovery Codes
              </Button>
              {/* Staff must keep their second factor (the server refuses too). */}
              {!isStaffRole(user.role) && (
                <Button variant="secondary" onClick={() => open('turnOff')}>
                  Turn Off
                </Button>
              )}
            </>
          ) : (
            <Button onClick={() => open('setUp')}>Turn On Two-Factor Authentication</Button>
          )}
        </div>
      )}
    </div>
  );
}
