import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

interface FieldProps {
  id: string;
  label: string;
  error?: string;
  registration: UseFormRegisterReturn;
}

interface TextFieldProps extends FieldProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> {}
interface TextAreaFieldProps extends FieldProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name'> {}

/** The label above a control and the validation message below it, tied to it for assistive technology. */
function Labelled({ id, label, error, className, children }: { id: string; label: string; error?: string; className: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

const invalid = (id: string, error?: string) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});

/** A labelled input with its validation message tied to it for assistive technology. */
export function TextField({ id, label, error, registration, className = '', ...input }: TextFieldProps) {
  return (
    <Labelled id={id} label={label} error={error} className={className}>
      <input
        id={id}
        {...invalid(id, error)}
        className="block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-base shadow-sm focus:border-brand-600"
        {...input}
        {...registration}
      />
    </Labelled>
  );
}

/** The same for several lines of plain text. */
export function TextAreaField({ id, label, error, registration, className = '', rows = 4, ...textarea }: TextAreaFieldProps) {
  return (
    <Labelled id={id} label={label} error={error} className={className}>
      <textarea
        id={id}
        rows={rows}
        {...invalid(id, error)}
        className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-base shadow-sm focus:border-brand-600"
        {...textarea}
        {...registration}
      />
    </Labelled>
  );
}
