import { useState } from 'react';
import type { MailPreferences } from '@portal/contracts/notifications';
import { Card } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { useMailPreferences, useSaveMailPreferences } from '../api/notifications';

const OPTIONS: { key: keyof MailPreferences; label: string; hint: string }[] = [
  { key: 'supportReplies', label: 'Support replies', hint: 'When support answers a chat you do not have open.' },
  { key: 'projectStages', label: 'Build progress', hint: 'When your project reaches a stage, with the date the next one is expected.' },
  { key: 'projectPreviews', label: 'Previews to review', hint: 'When we share a preview of your app for you to approve.' },
  { key: 'projectDecisions', label: 'Your approvals', hint: 'A copy of each approval or change request you send.' },
  { key: 'projectUpdates', label: 'Project updates', hint: 'When one of your projects is published, with its links.' },
  { key: 'renewalReminders', label: 'Renewal reminders', hint: 'Ahead of each renewal: the plan, the amount, the date and the card that will pay.' },
];

/** Account settings: the e-mails a customer may turn off. Receipts, billing and security e-mails always come. */
export function MailPreferencesSection() {
  const preferences = useMailPreferences();
  const save = useSaveMailPreferences();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  // The choice is shown from the click's own handler: the saved copy reaches the render a tick later, and a box
  // bound only to it would flick back in between.
  const [asked, setAsked] = useState<MailPreferences | null>(null);

  const toggle = (current: MailPreferences, key: keyof MailPreferences, on: boolean) => {
    const next = { ...current, [key]: on };
    setStatus(null);
    setAsked(next);
    save.mutate(
      next,
      {
        onSettled: () => setAsked(null),
        onSuccess: () => setStatus({ ok: true, text: 'Your e-mail preferences were saved.' }),
        onError: () => setStatus({ ok: false, text: 'Could not save your e-mail preferences. Please try again.' }),
      },
    );
  };

  return (
    <Card className="mt-6">
      <h2 className="text-lg font-bold text-slate-900">E-mail notifications</h2>
      <p className="mt-1 text-sm text-slate-700">
        Receipts, billing notices and security e-mails are always sent.
      </p>
      <QueryState query={preferences} pending="Loading your e-mail preferences..." error="Could not load your e-mail preferences.">
        {(saved) => (
          <fieldset className="mt-4 space-y-3">
            <legend className="sr-only">E-mails you can turn off</legend>
            {OPTIONS.map((option) => (
              <label key={option.key} className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3">
                <input
                  type="checkbox"
                  className="mt-1 h-5 w-5 shrink-0 accent-indigo-700"
                  checked={(asked ?? saved)[option.key]}
                  onChange={(event) => toggle(asked ?? saved, option.key, event.target.checked)}
                />
                <span>
                  <span className="block font-semibold text-slate-900">{option.label}</span>
                  <span className="block text-sm text-slate-700">{option.hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
        )}
      </QueryState>
      {status && (
        <p role={status.ok ? 'status' : 'alert'} className={`mt-3 text-sm font-medium ${status.ok ? 'text-emerald-800' : 'text-red-800'}`}>
          {status.text}
        </p>
      )}
    </Card>
  );
}
