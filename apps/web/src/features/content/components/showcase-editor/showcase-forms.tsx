import type { PortfolioEntry, PortfolioEntryInput, TrustedBusiness, TrustedBusinessInput } from '@portal/contracts/showcase';
import { portfolioEntryInputSchema, trustedBusinessInputSchema } from '@portal/contracts/showcase';
import { TextAreaField, TextField } from '@/components/ui/text-field';
import { usePortfolioChanges, useTrustedByChanges } from '../../api/showcase-editor';
import { useEditorForm } from '@/components/editor';

/** Create or edit a portfolio entry: each address may be left empty, and the public card then shows no button for it. */
export function PortfolioEntryForm({ entry, onDone }: { entry?: PortfolioEntry; onDone: () => void }) {
  const { save } = usePortfolioChanges();
  const { register, handleSubmit, formState, errors, editor } = useEditorForm<PortfolioEntryInput>(
    portfolioEntryInputSchema,
    {
      name: entry?.name ?? '',
      kind: entry?.kind ?? '',
      description: entry?.description ?? '',
      imageUrl: entry?.imageUrl ?? '',
      imageAlt: entry?.imageAlt ?? '',
      appStoreUrl: entry?.appStoreUrl ?? '',
      playStoreUrl: entry?.playStoreUrl ?? '',
      websiteUrl: entry?.websiteUrl ?? '',
    },
    'Could not save the portfolio entry. Please try again.',
    onDone,
  );
  const submit = handleSubmit((body) => editor.save(() => save.mutateAsync({ entryId: entry?.id, body })));
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-3">
      <TextField id="portfolio-name" label="Name" registration={register('name')} error={errors.name?.message} />
      <TextField id="portfolio-kind" label="Kind (e.g. Restaurant app)" registration={register('kind')} error={errors.kind?.message} />
      <TextAreaField id="portfolio-description" label="Description" rows={4} registration={register('description')} error={errors.description?.message} />
      <TextField id="portfolio-image" label="Image address" placeholder="https://… or /media/…" registration={register('imageUrl')} error={errors.imageUrl?.message} />
      <TextField id="portfolio-image-alt" label="Image description" registration={register('imageAlt')} error={errors.imageAlt?.message} />
      <TextField id="portfolio-app-store" label="App Store address" type="url" registration={register('appStoreUrl')} error={errors.appStoreUrl?.message} />
      <TextField id="portfolio-play-store" label="Play Store address" type="url" registration={register('playStoreUrl')} error={errors.playStoreUrl?.message} />
      <TextField id="portfolio-website" label="Website address" type="url" registration={register('websiteUrl')} error={errors.websiteUrl?.message} />
      <p className="text-sm text-slate-600">Leave an address empty to show no button for it.</p>
      {editor.actions(entry ? 'Save entry' : 'Create entry', formState.isSubmitting)}
    </form>
  );
}

/** Create or rename a business of the landing page's "Trusted by" strip. */
export function TrustedBusinessForm({ business, onDone }: { business?: TrustedBusiness; onDone: () => void }) {
  const { save } = useTrustedByChanges();
  const { register, handleSubmit, formState, errors, editor } = useEditorForm<TrustedBusinessInput>(
    trustedBusinessInputSchema,
    { name: business?.name ?? '' },
    'Could not save the name. Please try again.',
    onDone,
  );
  const submit = handleSubmit((body) => editor.save(() => save.mutateAsync({ businessId: business?.id, body })));
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-3">
      <TextField id="trusted-name" label="Business name" registration={register('name')} error={errors.name?.message} />
      {editor.actions(business ? 'Save name' : 'Add name', formState.isSubmitting)}
    </form>
  );
}
