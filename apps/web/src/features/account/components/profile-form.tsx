import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Me } from '@portal/contracts/auth';
import { profileUpdateSchema, type ProfileUpdate } from '@portal/contracts/account';
import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/page';
import { useUpdateProfile } from '../api/profile';
import { TextField } from '@/components/ui/text-field';

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
      {FIELDS.map((field) => (
        <TextField
          key={field.name}
          id={`profile-${field.name}`}
          label={field.label}
          type={field.type}
          autoComplete={field.autoComplete}
          error={formState.errors[field.name]?.message}
          registration={register(field.name)}
        />
      ))}
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
