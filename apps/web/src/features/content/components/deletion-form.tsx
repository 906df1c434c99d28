import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { deletionRequestInputSchema } from '@portal/contracts/content';
import { Button } from '@/components/ui/button';
import { useRequestDeletion } from '../api/content';
import { paths } from '@/lib/paths';

const SUCCESS = 'Your account deletion request has been submitted. We will process it shortly.';
const FAILURE = 'Failed to submit deletion request. Please try again.';

const inputClass =
  'mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm';

/** Spec §2, §5: name and e-mail required (prefilled when signed in), reason optional; cleared after success. */
export function DeletionForm({ initialName, initialEmail }: { initialName: string; initialEmail: string }) {
  const navigate = useNavigate();
  const request = useRequestDeletion();
  const [values, setValues] = useState({ name: initialName, email: initialEmail, reason: '' });
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  function change(field: keyof typeof values, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = deletionRequestInputSchema.safeParse(values);
    if (!parsed.success) {
      setMessage({ kind: 'error', text: parsed.error.issues[0]!.message });
      return;
    }
    setMessage(null);
    try {
      await request.mutateAsync(parsed.data);
      setValues({ name: '', email: '', reason: '' });
      setMessage({ kind: 'success', text: SUCCESS });
    } catch {
      setMessage({ kind: 'error', text: FAILURE });
    }
  }

  // Back to wherever the visitor came from, or home when this page was opened directly.
  const goBack = () =>
    void ((window.history.state as { idx?: number } | null)?.idx ? navigate(-1) : navigate(paths.home()));

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-5">
      <div>
        <label htmlFor="deletion-name" className="text-sm font-semibold text-slate-800">
          Full Name
        </label>
        <input
          id="deletion-name"
          required
          autoComplete="name"
          className={inputClass}
          value={values.name}
          onChange={(e) => change('name', e.target.value)}
        />
      </div>
      <div>
        <label htmlFor="deletion-email" className="text-sm font-semibold text-slate-800">
          Email Address
        </label>
        <input
          id="deletion-email"
          type="email"
          required
          autoComplete="email"
          className={inputClass}
          value={values.email}
          onChange={(e) => change('email', e.target.value)}
        />
      </div>
      <div>
        <label htmlFor="deletion-reason" className="text-sm font-semibold text-slate-800">
          Reason <span className="font-normal text-slate-600">(optional)</span>
        </label>
        <textarea
          id="deletion-reason"
          rows={4}
          maxLength={2000}
          className={inputClass}
          value={values.reason}
          onChange={(e) => change('reason', e.target.value)}
        />
      </div>
      {message && (
        <p
          role={message.kind === 'error' ? 'alert' : 'status'}
          className={`rounded-lg px-4 py-3 text-sm font-medium ${
            message.kind === 'error'
              ? 'border border-red-200 bg-red-50 text-red-800'
              : 'border border-green-200 bg-green-50 text-green-900'
          }`}
        >
          {message.text}
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={goBack}>
          Go Back
        </Button>
        <Button type="submit" variant="danger" disabled={request.isPending}>
          {request.isPending ? 'Submitting...' : 'Request Deletion'}
        </Button>
      </div>
    </form>
  );
}
