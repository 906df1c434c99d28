import { useState } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * A password input with a show/hide toggle, and the rule it must meet (`hint`) shown before it is broken; the
 * validation message, when there is one, follows the hint. Both are tied to the input for assistive technology.
 */
export function PasswordField({
  id,
  label,
  hint,
  error,
  autoComplete,
  registration,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  autoComplete: string;
  registration: UseFormRegisterReturn;
}) {
  const [shown, setShown] = useState(false);
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type={shown ? 'text' : 'password'}
          autoComplete={autoComplete}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="block w-full rounded-lg border border-slate-300 py-2.5 pl-3 pr-20 text-base shadow-sm focus:border-brand-600"
          {...registration}
        />
        {/* Named "Show" (pressed while shown) so that the field alone answers to its label. */}
        <button
          type="button"
          aria-controls={id}
          aria-pressed={shown}
          onClick={() => setShown(!shown)}
          className="absolute inset-y-0 right-0 flex items-center gap-1 rounded-r-lg px-3 text-sm font-semibold text-slate-700 hover:text-slate-900"
        >
          {shown ? <EyeOff className="h-4 w-4" aria-hidden="true" /> : <Eye className="h-4 w-4" aria-hidden="true" />}
          Show
        </button>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
