import { Monitor, Smartphone } from 'lucide-react';
import type { SignedInDevice } from '@portal/contracts/account';
import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/page';
import { QueryState } from '@/components/ui/query-state';
import { formatShortDate, formatTime } from '@/lib/format';
import { useSignedInDevices, useSignOutOtherDevices } from '../api/security';
import { SuccessMessage } from './auth-card';

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/Firefox\//, 'Firefox'],
  [/(Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** "Chrome on macOS" from a user agent; what it cannot tell, it calls "Unknown device". */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}

function DeviceRow({ device }: { device: SignedInDevice }) {
  const Icon = /Mobile|iPhone|Android/.test(device.userAgent ?? '') ? Smartphone : Monitor;
  return (
    <li className="flex items-start gap-3 py-3">
      <Icon className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" aria-hidden="true" />
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {describeDevice(device.userAgent)}
          {device.current && <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">This device</span>}
        </p>
        <p className="text-sm text-slate-600">
          Signed in {formatShortDate(device.createdAt)} · last active {formatShortDate(device.lastActiveAt)} {formatTime(device.lastActiveAt)}
          {device.ipAddress ? ` · ${device.ipAddress}` : ''}
        </p>
      </div>
    </li>
  );
}

/** The devices signed in to the account, with "Sign out of other devices". */
export function SignedInDevices() {
  const devices = useSignedInDevices();
  const signOut = useSignOutOtherDevices();
  return (
    <QueryState query={devices} pending="Loading your devices..." error="Could not load your devices. Please try again.">
      {({ devices: list }) => (
        <div className="space-y-3">
          <ul className="divide-y divide-slate-200">
            {list.map((device) => (
              <DeviceRow key={device.id} device={device} />
            ))}
          </ul>
          {signOut.isSuccess && <SuccessMessage>Your other devices were signed out.</SuccessMessage>}
          {signOut.isError && <ErrorMessage>{signOut.error.message}</ErrorMessage>}
          <Button variant="secondary" disabled={signOut.isPending || list.length < 2} onClick={() => signOut.mutate()}>
            {signOut.isPending ? 'Signing out...' : 'Sign out of other devices'}
          </Button>
        </div>
      )}
    </QueryState>
  );
}
