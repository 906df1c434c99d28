import { useState } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  LISTING_CATEGORIES,
  LISTING_FIELD_LABELS,
  LISTING_INVALID,
  LISTING_LIMITS,
  SCREENSHOT_DEVICES,
  SCREENSHOT_DEVICE_NAMES,
  charCount,
  iconProblem,
  listingImageSchema,
  listingTextProblems,
  screenshotCountProblem,
  screenshotProblem,
  storeListingSchema,
  type ListingFieldProblem,
  type StoreListing,
} from '@portal/contracts/store-listing';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorMessage } from '@/components/ui/page';
import { TextAreaField, TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { useSaveStoreListing } from '../../api/store-listing';
import { ListingImages } from './listing-images';
import { ListingStatus } from './listing-status';

/** The listing as the form holds it (the icon as a list of at most one), checked by the rules the server applies. */
const formSchema = storeListingSchema
  .pick({ appName: true, shortDescription: true, fullDescription: true, keywords: true, supportUrl: true, privacyUrl: true, category: true, screenshots: true })
  .extend({ icon: z.array(listingImageSchema) })
  .superRefine((values, ctx) => {
    for (const [field, message] of Object.entries(listingTextProblems(values))) ctx.addIssue({ code: 'custom', path: [field], message });
    for (const device of SCREENSHOT_DEVICE_NAMES) {
      const message = screenshotCountProblem(device, values.screenshots[device].length);
      if (message) ctx.addIssue({ code: 'custom', path: ['screenshots', device], message });
    }
  });
type FormValues = z.infer<typeof formSchema>;

const valuesOf = (listing: StoreListing): FormValues => ({
  appName: listing.appName,
  shortDescription: listing.shortDescription,
  fullDescription: listing.fullDescription,
  keywords: listing.keywords,
  supportUrl: listing.supportUrl,
  privacyUrl: listing.privacyUrl,
  category: listing.category,
  icon: listing.icon ? [listing.icon] : [],
  screenshots: listing.screenshots,
});

/** The server's field names in the form's: the icon is held as a list. */
const formFieldOf = (field: string) => (field === 'iconUploadId' ? 'icon' : field) as FieldPath<FormValues>;

function Counter({ id, length, max }: { id: string; length: number; max: number }) {
  return (
    <p id={id} className={`mt-1 text-right text-xs ${length > max ? 'font-semibold text-red-700' : 'text-slate-600'}`}>
      {length} / {max} characters
    </p>
  );
}

/** The store listing form: saved as a draft at any time; wrong values are said at their field, before and after saving. */
export function ListingForm({ projectId, listing }: { projectId: string; listing: StoreListing }) {
  const save = useSaveStoreListing(projectId);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const { register, control, handleSubmit, watch, setError, reset, formState } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    mode: 'onTouched',
    defaultValues: valuesOf(listing),
  });
  const errors = formState.errors;

  const submit = handleSubmit(async ({ icon, screenshots, ...text }) => {
    setFailure(null);
    setSaved(false);
    try {
      const answer = await save.mutateAsync({
        ...text,
        iconUploadId: icon[0]?.uploadId ?? null,
        screenshots: Object.fromEntries(SCREENSHOT_DEVICE_NAMES.map((device) => [device, screenshots[device].map((i) => i.uploadId)])) as Record<keyof typeof screenshots, string[]>,
      });
      reset(valuesOf(answer));
      setSaved(true);
    } catch (error) {
      const fields = error instanceof ApiError ? (error.body as { error?: { fields?: ListingFieldProblem[] } } | null)?.error?.fields : undefined;
      if (error instanceof ApiError && error.code === LISTING_INVALID.code && fields) {
        fields.forEach(({ field, message }) => setError(formFieldOf(field), { message }));
        setFailure(LISTING_INVALID.message);
      } else setFailure(error instanceof ApiError ? error.message : 'Could not save the listing. Please try again.');
    }
  });

  const counted = (name: 'appName' | 'shortDescription' | 'fullDescription' | 'keywords', rows?: number) => {
    const id = `listing-${name}`;
    const describedBy = `${id}-count${errors[name] ? ` ${id}-error` : ''}`;
    const field = rows
      ? <TextAreaField id={id} label={LISTING_FIELD_LABELS[name]} rows={rows} registration={register(name)} error={errors[name]?.message} aria-describedby={describedBy} />
      : <TextField id={id} label={LISTING_FIELD_LABELS[name]} registration={register(name)} error={errors[name]?.message} aria-describedby={describedBy} />;
    return (
      <div>
        {field}
        <Counter id={`${id}-count`} length={charCount(watch(name).trim())} max={LISTING_LIMITS[name]} />
      </div>
    );
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-5">
      <ListingStatus listing={listing} />
      <Card className="grid min-w-0 gap-4">
        <h2 className="text-lg font-semibold text-slate-900">About the app</h2>
        {counted('appName')}
        {counted('shortDescription')}
        {counted('fullDescription', 8)}
        <div>
          {counted('keywords')}
          <p className="text-xs text-slate-600">For the App Store: words people search for, separated by commas.</p>
        </div>
        <div>
          <label htmlFor="listing-category" className="mb-1 block text-sm font-medium text-slate-800">
            {LISTING_FIELD_LABELS.category}
          </label>
          <select
            id="listing-category"
            {...register('category')}
            aria-invalid={errors.category ? true : undefined}
            aria-describedby={errors.category ? 'listing-category-error' : undefined}
            className="block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-base"
          >
            <option value="">Choose a category</option>
            {LISTING_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </select>
          {errors.category && <p id="listing-category-error" className="mt-1 text-sm text-red-700">{errors.category.message}</p>}
        </div>
        <TextField id="listing-supportUrl" type="url" label={LISTING_FIELD_LABELS.supportUrl} placeholder="https://" registration={register('supportUrl')} error={errors.supportUrl?.message} />
        <TextField id="listing-privacyUrl" type="url" label={LISTING_FIELD_LABELS.privacyUrl} placeholder="https://" registration={register('privacyUrl')} error={errors.privacyUrl?.message} />
      </Card>
      <Card className="grid min-w-0 gap-4">
        <h2 className="text-lg font-semibold text-slate-900">Icon and screenshots</h2>
        <Controller
          control={control}
          name="icon"
          render={({ field, fieldState }) => (
            <ListingImages id="listing-icon" label="App icon" hint="A PNG of exactly 1024 x 1024 pixels, with no transparency." projectId={projectId} images={field.value} max={1} check={iconProblem} error={fieldState.error?.message} onChange={field.onChange} />
          )}
        />
        {SCREENSHOT_DEVICE_NAMES.map((device) => {
          const rule = SCREENSHOT_DEVICES[device];
          return (
            <Controller
              key={device}
              control={control}
              name={`screenshots.${device}`}
              render={({ field, fieldState }) => (
                <ListingImages
                  id={`listing-${device}`}
                  label={`${rule.label} screenshots`}
                  hint={`${rule.store}: ${rule.min ? `${rule.min} to ${rule.max}` : `up to ${rule.max}`} screenshots, PNG or JPEG, ${rule.rule}.`}
                  projectId={projectId}
                  images={field.value}
                  max={rule.max}
                  check={(facts) => screenshotProblem(device, facts)}
                  error={fieldState.error?.message}
                  onChange={field.onChange}
                />
              )}
            />
          );
        })}
      </Card>
      {failure && <ErrorMessage>{failure}</ErrorMessage>}
      {saved && !formState.isDirty && (
        <p role="status" className="text-sm font-medium text-emerald-800">
          Draft saved.
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" disabled={formState.isSubmitting}>
          Save draft
        </Button>
      </div>
    </form>
  );
}
