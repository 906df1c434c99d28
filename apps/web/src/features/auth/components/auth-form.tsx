import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MIN_LENGTH, signInSchema, signUpSchema, type SignUpInput } from '@portal/contracts/auth';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';

/** The password rule, shown under the field before it is broken (the policy of decision 0012). */
export const PASSWORD_RULE = `At least ${PASSWORD_MIN_LENGTH} characters.`;

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
      {fields.map((field) =>
        field.type === 'password' ? (
          <PasswordField
            key={field.name}
            id={`auth-${field.name}`}
            label={field.label}
            hint={mode === 'signUp' ? PASSWORD_RULE : undefined}
            autoComplete={field.autoComplete}
            error={formState.errors[field.name]?.message}
            registration={register(field.name)}
          />
        ) : (
          <TextField
            key={field.name}
            id={`auth-${field.name}`}
            label={field.label}
            type={field.type}
            autoComplete={field.autoComplete}
            required
            error={formState.errors[field.name]?.message}
            registration={register(field.name)}
          />
        ),
      )}
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
