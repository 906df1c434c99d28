import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { deletionRequestInputSchema, type DeletionRequestInput } from '@portal/contracts/content';
import { Button } from '@/components/ui/button';
import { useRequestDeletion } from '../api/content';
import { paths } from '@/lib/paths';
import { deletionConfirmationSent } from '@portal/contracts/notifications';

const SUCCESS = 'Your account deletion request has been submitted. We will process it shortly.';
const FAILURE = 'Failed to submit deletion request. Please try again.';

const inputClass =
  'mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm';

/** Spec §2, §5: name and e-mail required (prefilled when signed in), reason optional; cleared after success. */
export function DeletionForm({ initialName, initialEmail }: { initialName: string; initialEmail: string }) {
  const navigate = useNavigate();
  const request = useRequestDeletion();
  const { register, handleSubmit, reset } = useForm<DeletionRequestInput>({
    resolver: zodResolver(deletionRequestInputSchema),
    defaultValues: { name: initialName, email: initialEmail, reason: '' },
  });
  // One message at a time, kept until the next submit: the first problem found, or how the request went.
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string; detail?: string } | null>(null);

  const submit = handleSubmit(
    async (input) => {
      setMessage(null);
      try {
        await request.mutateAsync(input);
        reset({ name: '', email: '', reason: '' });
        setMessage({ kind: 'success', text: SUCCESS, detail: deletionConfirmationSent(input.email.trim()) });
      } catch {
        setMessage({ kind: 'error', text: FAILURE });
      }
    },
    (errors: FieldErrors<DeletionRequestInput>) => {
      const first = Object.values(errors).find((error) => error?.message)?.message;
      setMessage({ kind: 'error', text: first ?? FAILURE });
    },
  );

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
          {...register('name')}
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
          {...register('email')}
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
          {...register('reason')}
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
          {message.detail && <span className="mt-1 block">{message.detail}</span>}
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
