import { useState } from 'react';
import { Pencil } from 'lucide-react';
import type { Me } from '@portal/contracts/auth';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DetailsList } from '@/components/ui/details-list';
import { Page, StatusMessage } from '@/components/ui/page';
import { useCurrentUser } from '@/lib/current-user';
import { formatShortDate } from '@/lib/format';
import { ProfileForm } from '@/features/account/components/profile-form';
import { ProfilePhoto } from '@/features/account/components/profile-photo';
import { BillingProfileSection } from '@/features/billing/components/billing-profile';
import { MailPreferencesSection } from '@/features/notifications/components/mail-preferences';
import { useAccountSecurity } from '@/features/account-security/api/security';
import { EmailSettings } from '@/features/account-security/components/email-settings';
import { PasswordSettings } from '@/features/account-security/components/password-settings';
import { SignedInDevices } from '@/features/account-security/components/signed-in-devices';
import { TwoFactorSettings } from '@/features/account-security/components/two-factor-settings';

function ProfileDetails({ user }: { user: Me }) {
  const rows = [
    ['Full Name', user.name || 'Not set'],
    ['Email', user.email],
    ['Phone Number', user.phone || 'Not set'],
    ['Member Since', formatShortDate(user.createdAt)],
  ] as const;
  return <DetailsList rows={rows} />;
}

function SecuritySection({ user }: { user: Me }) {
  const security = useAccountSecurity();
  return (
    <>
      <Card className="mt-6">
        <h2 className="mb-4 text-lg font-bold text-slate-900">Email</h2>
        {security.data && <EmailSettings user={user} verified={security.data.emailVerified} />}
      </Card>
      <Card className="mt-6">
        <h2 className="mb-4 text-lg font-bold text-slate-900">Password</h2>
        {security.data && <PasswordSettings hasPassword={security.data.hasPassword} />}
      </Card>
      <Card className="mt-6">
        <h2 className="mb-4 text-lg font-bold text-slate-900">Two-Factor Authentication</h2>
        {security.data && <TwoFactorSettings user={user} hasPassword={security.data.hasPassword} />}
      </Card>
      <Card className="mt-6">
        <h2 className="mb-2 text-lg font-bold text-slate-900">Signed-in Devices</h2>
        <SignedInDevices />
      </Card>
    </>
  );
}

export function Component() {
  const user = useCurrentUser();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  if (!user) return <StatusMessage>Loading your profile...</StatusMessage>;

  return (
    <Page title="Account Settings">
      <Card className="mb-6">
        <h2 className="sr-only">Profile photo</h2>
        <ProfilePhoto user={user} />
      </Card>
      <Card>
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg font-bold text-slate-900">Profile</h2>
          {!editing && (
            <Button
              variant="secondary"
              onClick={() => {
                setSaved(false);
                setEditing(true);
              }}
            >
              <Pencil className="h-4 w-4" aria-hidden="true" />
              Edit Profile
            </Button>
          )}
        </div>
        {editing ? (
          <ProfileForm
            user={user}
            onDone={(didSave) => {
              setEditing(false);
              setSaved(didSave);
            }}
          />
        ) : (
          <ProfileDetails user={user} />
        )}
        {saved && !editing && (
          <p role="status" className="mt-4 text-sm font-medium text-emerald-800">
            Your profile was updated.
          </p>
        )}
      </Card>
      <BillingProfileSection />
      <SecuritySection user={user} />
      <MailPreferencesSection />
    </Page>
  );
}
