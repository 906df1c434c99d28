import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { signInSchema, signUpSchema, type SignUpInput } from '@portal/contracts/auth';

export type AuthMode = 'signIn' | 'signUp';

interface Field {
  name: keyof SignUpInput;
  label: string;
  type: string;
  autoComplete: string;
}

const SIGN_UP_FIELDS: Field[] = [
  { name: 'name', label: 'Full Name', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone Number', type: 'tel', autoComplete: 'tel' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
];
const SIGN_IN_FIELDS: Field[] = [
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'current-password' },
];

export function AuthForm({
  mode,
  busy,
  onSubmit,
}: {
  mode: AuthMode;
  busy: boolean;
  onSubmit: (values: SignUpInput) => void;
}) {
  const schema = mode === 'signUp' ? signUpSchema : signInSchema;
  const { register, handleSubmit, formState } = useForm<SignUpInput>({
    resolver: zodResolver(schema as typeof signUpSchema),
    defaultValues: { name: '', email: '', phone: '', password: '' },
  });
  const fields = mode === 'signUp' ? SIGN_UP_FIELDS : SIGN_IN_FIELDS;
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
      {fields.map((field) => {
        const error = formState.errors[field.name]?.message;
        const id = `auth-${field.name}`;
        return (
          <div key={field.name}>
            <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
              {field.label}
            </label>
            <input
              id={id}
              type={field.type}
              autoComplete={field.autoComplete}
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className="block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-base shadow-sm focus:border-brand-600"
              {...register(field.name)}
            />
            {error && (
              <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
                {error}
              </p>
            )}
          </div>
        );
      })}
      <button
        type="submit"
        disabled={busy}
        className="w-full rounded-lg bg-brand-700 px-4 py-3 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
      >
        {busy ? 'Please wait...' : mode === 'signUp' ? 'Create Account' : 'Sign In'}
      </button>
    </form>
  );
}
