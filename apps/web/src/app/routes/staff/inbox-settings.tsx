import { useState } from 'react';
import type { StaffAlertPreferences } from '@portal/contracts/team-inbox';
import { Button } from '@/components/ui/button';
import { ErrorMessage, Page } from '@/components/ui/page';
import { QueryState } from '@/components/ui/query-state';
import { useInboxAlerts, useSaveAlertPreferences } from '@/features/support/api/team-inbox';

const SWITCHES: Array<{ key: keyof StaffAlertPreferences; label: string; hint: string }> = [
  { key: 'tabTitleCount', label: 'Count in the tab title', hint: 'The number of chats waiting for you, in front of the page title.' },
  { key: 'browserNotifications', label: 'Browser notifications', hint: 'A notification when a chat arrives or a customer replies in a chat assigned to you.' },
  { key: 'unansweredEmail', label: 'E-mail when a chat waits', hint: 'An e-mail when a chat assigned to you (or to no one) has waited for an answer.' },
];

type Permission = NotificationPermission | 'unsupported';
const permissionNow = (): Permission => (typeof Notification === 'undefined' ? 'unsupported' : Notification.permission);

/** /staff/inbox-settings: this staff member's inbox alerts, each switched on or off on its own. */
export function Component() {
  const alerts = useInboxAlerts();
  const save = useSaveAlertPreferences();
  // The switch as pressed until the server has it, so it does not flick back meanwhile: set in the change event
  // itself, as a controlled checkbox is put back to its value at the end of that event.
  const [pressed, setPressed] = useState<Partial<StaffAlertPreferences>>({});
  const [permission, setPermission] = useState<Permission>(permissionNow);
  return (
    <Page title="Inbox alerts">
      <QueryState query={alerts} pending="Loading your alerts..." error="Could not load your alerts.">
        {({ preferences }) => (
          <fieldset className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
            <legend className="px-1 text-base font-bold text-slate-900">Alert me about chats waiting for me</legend>
            {SWITCHES.map((item) => (
              <div key={item.key} className="flex items-start gap-3">
                <input
                  id={`alert-${item.key}`}
                  type="checkbox"
                  className="mt-1 h-5 w-5 shrink-0"
                  checked={pressed[item.key] ?? preferences[item.key]}
                  disabled={save.isPending}
                  aria-describedby={`alert-${item.key}-hint`}
                  onChange={(event) => {
                    const change = { [item.key]: event.target.checked };
                    setPressed(change);
                    save.mutate(change, { onSettled: () => setPressed({}) });
                  }}
                />
                <div className="min-w-0">
                  <label htmlFor={`alert-${item.key}`} className="font-medium text-slate-900">
                    {item.label}
                  </label>
                  <p id={`alert-${item.key}-hint`} className="text-sm text-slate-600">
                    {item.hint}
                  </p>
                </div>
              </div>
            ))}
            {save.isError && <ErrorMessage>Could not save your alerts. Please try again.</ErrorMessage>}
            <div role="status" className="border-t border-slate-200 pt-3 text-sm text-slate-700">
              {permission === 'granted' && 'This browser shows notifications.'}
              {permission === 'denied' && 'This browser blocks notifications from the portal: allow them in its site settings.'}
              {permission === 'unsupported' && 'This browser cannot show notifications.'}
              {permission === 'default' && (
                <Button variant="secondary" onClick={() => void Notification.requestPermission().then(setPermission)}>
                  Allow notifications in this browser
                </Button>
              )}
            </div>
          </fieldset>
        )}
      </QueryState>
    </Page>
  );
}
