import { TriangleAlert } from 'lucide-react';
import { useCurrentUser } from '@/lib/current-user';
import { DeletionForm } from '@/features/content/components/deletion-form';

/** Open to everyone (spec §6): signed-in users' details are filled in, guests type theirs. */
export function Component() {
  const user = useCurrentUser();
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10 sm:py-14">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Request Data Deletion</h1>
        <div className="mt-4 flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950">
          <TriangleAlert className="h-5 w-5 shrink-0 text-amber-700" aria-hidden="true" />
          <p>
            Deleting your account is permanent and irreversible. Your profile, subscriptions, saved cards,
            questionnaire answers, projects and support chats will be erased, and active subscriptions will be
            cancelled. Records we must keep by law, such as payment receipts, are kept only as long as
            required.
          </p>
        </div>
        <p className="mt-4 text-sm text-slate-700">
          Tell us who you are and we will confirm by e-mail before we delete anything.
        </p>
        <div className="mt-6">
          <DeletionForm initialName={user?.name ?? ''} initialEmail={user?.email ?? ''} />
        </div>
      </div>
    </div>
  );
}
