import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil } from 'lucide-react';
import { billingProfileSchema, type BillingProfile } from '@portal/contracts/receipt';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DetailsList } from '@/components/ui/details-list';
import { ErrorMessage } from '@/components/ui/page';
import { QueryState } from '@/components/ui/query-state';
import { TextAreaField, TextField } from '@/components/ui/text-field';
import { useBillingProfile, useSaveBillingProfile } from '../api/billing-profile';

function BillingProfileForm({ profile, onDone }: { profile: BillingProfile; onDone(saved: boolean): void }) {
  const save = useSaveBillingProfile();
  const { register, handleSubmit, formState } = useForm<BillingProfile>({
    resolver: zodResolver(billingProfileSchema),
    defaultValues: profile,
  });
  const submit = handleSubmit(async (values) => {
    await save.mutateAsync(values);
    onDone(true);
  });

  return (
    <form noValidate onSubmit={(e) => void submit(e).catch(() => undefined)} className="flex flex-col gap-4">
      <TextField
        id="billing-business-name"
        label="Business name"
        autoComplete="organization"
        error={formState.errors.businessName?.message}
        registration={register('businessName')}
      />
      <TextAreaField
        id="billing-address"
        label="Business address"
        rows={3}
        autoComplete="street-address"
        error={formState.errors.address?.message}
        registration={register('address')}
      />
      <TextField
        id="billing-tax-id"
        label="Tax ID (VAT, EIN, GST or similar)"
        autoComplete="off"
        error={formState.errors.taxId?.message}
        registration={register('taxId')}
      />
      {save.isError && <ErrorMessage>{save.error.message || 'Could not save your billing details. Please try again.'}</ErrorMessage>}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Billing Details'}
        </Button>
        <Button variant="secondary" disabled={save.isPending} onClick={() => onDone(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function BillingProfileDetails({ profile }: { profile: BillingProfile }) {
  if (!profile.businessName) return <p className="text-slate-700">No business details. Receipts are made out to your name and e-mail.</p>;
  const rows = [
    ['Business name', profile.businessName],
    ['Business address', profile.address || 'Not set'],
    ['Tax ID', profile.taxId || 'Not set'],
  ] as const;
  return <DetailsList rows={rows} />;
}

/** Account settings: the business every receipt from now on is made out to (receipts already issued keep theirs). */
export function BillingProfileSection() {
  const profile = useBillingProfile();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  return (
    <Card className="mt-6" role="region" aria-labelledby="billing-details-heading">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-3">
        <h2 id="billing-details-heading" className="text-lg font-bold text-slate-900">
          Billing Details
        </h2>
        {!editing && profile.data && (
          <Button
            variant="secondary"
            onClick={() => {
              setSaved(false);
              setEditing(true);
            }}
          >
            <Pencil className="h-4 w-4" aria-hidden="true" />
            Edit Billing Details
          </Button>
        )}
      </div>
      <p className="mb-4 text-sm text-slate-700">
        For receipts your business can file: every receipt from now on shows these details. Receipts already issued keep the details they were issued with.
      </p>
      <QueryState query={profile} pending="Loading your billing details..." error="Could not load your billing details.">
        {(current) =>
          editing ? (
            <BillingProfileForm
              profile={current}
              onDone={(didSave) => {
                setEditing(false);
                setSaved(didSave);
              }}
            />
          ) : (
            <BillingProfileDetails profile={current} />
          )
        }
      </QueryState>
      {saved && !editing && (
        <p role="status" className="mt-4 text-sm font-medium text-emerald-800">
          Your billing details were saved.
        </p>
      )}
    </Card>
  );
}
