import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Me } from '@portal/contracts/auth';
import { profileUpdateSchema, type ProfileUpdate } from '@portal/contracts/account';
import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/page';
import { useUpdateProfile } from '../api/update-profile';

const FIELDS = [
  { name: 'name', label: 'Full Name', type: 'text', autoComplete: 'name' },
  { name: 'phone', label: 'Phone Number', type: 'tel', autoComplete: 'tel' },
] as const;

/** Edits the name and phone number; the e-mail is the sign-in identity and is not edited here. */
export function ProfileForm({ user, onDone }: { user: Me; onDone(saved: boolean): void }) {
  const update = useUpdateProfile();
  const { register, handleSubmit, formState } = useForm<ProfileUpdate>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: { name: user.name, phone: user.phone ?? '' },
  });

  const save = handleSubmit(async (values) => {
    await update.mutateAsync(values);
    onDone(true);
  });

  return (
    <form noValidate onSubmit={(e) => void save(e).catch(() => undefined)} className="flex flex-col gap-4">
      {FIELDS.map((field) => {
        const error = formState.errors[field.name]?.message;
        const id = `profile-${field.name}`;
        return (
          <div key={field.name}>
            <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
              {field.label}
            </label>
            <input
              id={id}
              type={field.type}
              autoComplete={field.autoComplete}
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
      {update.isError && (
        <ErrorMessage>
          {update.error.message || 'Could not save your profile. Please try again.'}
        </ErrorMessage>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
        <Button variant="secondary" disabled={update.isPending} onClick={() => onDone(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
