import { useState } from 'react';
import { Monitor, Smartphone } from 'lucide-react';
import type { SignedInDevice } from '@portal/contracts/account';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { QueryState } from '@/components/ui/query-state';
import { formatShortDate, formatTime } from '@/lib/format';
import { useSignedInDevices, useSignOutDevice, useSignOutOtherDevices } from '../api/security';
import { SuccessMessage } from './auth-card';

/** "Chrome on macOS", from what the server read of the user agent; "Unknown device" when it could tell nothing. */
export function deviceName(device: Pick<SignedInDevice, 'browser' | 'os'>): string {
  if (device.browser && device.os) return `${device.browser} on ${device.os}`;
  return device.browser ?? device.os ?? 'Unknown device';
}

/**
 * Where the device roughly is, from the time zone its browser reports: "Paris area (Europe/Paris)". Only what the
 * device says, so it is worded as an approximation.
 */
export function placeOf(timeZone: string | null): string | null {
  if (!timeZone) return null;
  const city = timeZone.split('/').at(-1)!.replace(/_/g, ' ');
  return timeZone.includes('/') ? `${city} area (${timeZone})` : `${timeZone} time zone`;
}

function DeviceRow({ device, onSignOut }: { device: SignedInDevice; onSignOut: () => void }) {
  const Icon = device.mobile ? Smartphone : Monitor;
  const place = placeOf(device.timeZone);
  return (
    <li className="flex flex-wrap items-start gap-3 py-3">
      <Icon className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900">
          {deviceName(device)}
          {device.current && <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">This device</span>}
        </p>
        {place && <p className="text-sm text-slate-600">{place}</p>}
        <p className="text-sm text-slate-600">
          Last active {formatShortDate(device.lastActiveAt)} {formatTime(device.lastActiveAt)} · signed in {formatShortDate(device.createdAt)}
        </p>
      </div>
      {!device.current && (
        <Button variant="secondary" aria-label={`Sign out ${deviceName(device)}`} onClick={onSignOut}>
          Sign out
        </Button>
      )}
    </li>
  );
}

type Asking = { kind: 'one'; device: SignedInDevice } | { kind: 'others' } | null;

/** The devices signed in to the account: each other one can be signed out, or all of them at once. */
export function SignedInDevices() {
  const devices = useSignedInDevices();
  const signOutOne = useSignOutDevice();
  const signOutOthers = useSignOutOtherDevices();
  const [asking, setAsking] = useState<Asking>(null);
  const [done, setDone] = useState<string | null>(null);
  const running = asking?.kind === 'one' ? signOutOne : signOutOthers;

  function close() {
    setAsking(null);
    signOutOne.reset();
    signOutOthers.reset();
  }

  function confirm() {
    if (!asking) return;
    const finish = (message: string) => () => {
      setDone(message);
      close();
    };
    if (asking.kind === 'one') signOutOne.mutate(asking.device.id, { onSuccess: finish(`${deviceName(asking.device)} was signed out.`) });
    else signOutOthers.mutate(undefined, { onSuccess: finish('Your other devices were signed out.') });
  }

  return (
    <QueryState query={devices} pending="Loading your devices..." error="Could not load your devices. Please try again.">
      {({ devices: list }) => (
        <div className="space-y-3">
          <ul className="divide-y divide-slate-200">
            {list.map((device) => (
              <DeviceRow
                key={device.id}
                device={device}
                onSignOut={() => {
                  setDone(null);
                  setAsking({ kind: 'one', device });
                }}
              />
            ))}
          </ul>
          {done && <SuccessMessage>{done}</SuccessMessage>}
          <Button
            variant="secondary"
            disabled={list.length < 2}
            onClick={() => {
              setDone(null);
              setAsking({ kind: 'others' });
            }}
          >
            Sign out all other devices
          </Button>
          <ConfirmDialog
            open={asking !== null}
            question={asking?.kind === 'one' ? `Sign out ${deviceName(asking.device)}?` : 'Sign out all other devices?'}
            description={
              asking?.kind === 'one'
                ? 'That device will need to sign in again. This device stays signed in.'
                : 'Every device but this one will need to sign in again.'
            }
            confirmLabel="Sign out"
            busyLabel="Signing out..."
            busy={running.isPending}
            error={running.isError ? running.error.message : null}
            onConfirm={confirm}
            onClose={close}
          />
        </div>
      )}
    </QueryState>
  );
}
