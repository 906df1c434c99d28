import { useRef, useState, type ComponentType } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { RELEASE_STATUSES, PROJECT_LOGO_PURPOSE, updateProjectSchema, type StaffProject } from '@portal/contracts/projects';
import { Button } from '@/components/ui/button';
import { LoadMore } from '@/components/ui/load-more';
import { Dialog, DialogTitle } from '@/components/ui/dialog';
import { ErrorMessage } from '@/components/ui/page';
import { TextField } from '@/components/ui/text-field';
import { UploadStatus } from '@/components/ui/upload-status';
import { ApiError } from '@/lib/api-client';
import { UploadCanceledError, useUpload } from '@/lib/uploads';
import { useSaveProject, useSubscriptionChoices } from '../api/staff-projects';

/** The staff API's project fields, checked as the server checks them; the publish time is edited as a local date-time. */
const formSchema = updateProjectSchema.required({ projectName: true, releaseStatus: true, businessName: true }).extend({
  ownerId: z.string().min(1, 'Pick a customer.'),
  subscriptionId: z.string(),
  publishedAt: z.string(),
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

const localDateTime = (ms: number | null) => (ms ? new Date(ms - new Date(ms).getTimezoneOffset() * 60_000).toISOString().slice(0, 16) : '');

type ProjectCustomer = StaffProject['customer'];

/**
 * The field that picks a new project's customer. The page hands it in: finding customers is the console's own
 * search, which this feature does not import.
 */
export type CustomerPicker = ComponentType<{ onPick: (customer: ProjectCustomer) => void; error?: string }>;

/**
 * Create a project for a customer (`forCustomer` picks them beforehand), or edit one: every field of the staff API,
 * the logo uploaded through tus.
 */
export function ProjectForm({
  project,
  forCustomer,
  customerPicker: PickCustomer,
  onDone,
}: {
  project?: StaffProject;
  forCustomer?: ProjectCustomer;
  customerPicker: CustomerPicker;
  onDone: () => void;
}) {
  const save = useSaveProject(project?.projectId);
  const [customer, setCustomer] = useState(project?.customer ?? forCustomer ?? null);
  const subscriptions = useSubscriptionChoices(customer?.id ?? '');
  const upload = useUpload();
  const fileInput = useRef<HTMLInputElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const d = project?.deliverables;
  const { register, handleSubmit, setValue, watch, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      ownerId: project?.customer.id ?? forCustomer?.id ?? '',
      subscriptionId: project?.subscriptionId ?? '',
      projectName: project?.projectName ?? '',
      businessName: project?.businessName ?? '',
      businessLogo: project?.businessLogo ?? '',
      clientNotes: project?.clientNotes ?? '',
      releaseStatus: (project?.releaseStatus as FormInput['releaseStatus']) ?? 'PENDING',
      publishedAt: localDateTime(project?.publishedTimestamp ?? null),
      deliverables: { playStoreUrl: d?.playStoreUrl ?? '', appStoreUrl: d?.appStoreUrl ?? '', websiteUrl: d?.websiteUrl ?? '', apkDownloadUrl: d?.apkDownloadUrl ?? '' },
    },
  });
  const logo = watch('businessLogo');
  const errors = formState.errors;

  async function uploadLogo(file: File) {
    if (!customer) return setFailure('Pick a customer before uploading the logo.');
    if (!file.type.startsWith('image/')) return setFailure('The logo must be an image.');
    setFailure(null);
    const task = upload.start(file, { purpose: PROJECT_LOGO_PURPOSE, targetId: customer.id });
    try {
      const { url } = await task.result;
      setValue('businessLogo', url, { shouldDirty: true });
      upload.reset();
    } catch (error) {
      if (!(error instanceof UploadCanceledError)) setFailure('Failed to upload the logo.');
    }
  }

  const submit = handleSubmit(async ({ ownerId, subscriptionId, publishedAt, ...fields }) => {
    setFailure(null);
    // Empty: cleared if there was a time, otherwise left for the server to stamp when the project is published.
    const publishedTimestamp = publishedAt ? new Date(publishedAt).getTime() : project?.publishedTimestamp ? null : undefined;
    try {
      await save.mutateAsync(project ? { ...fields, publishedTimestamp } : { ...fields, ownerId, subscriptionId: subscriptionId || null, publishedTimestamp });
      onDone();
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : 'Could not save the project.');
    }
  });

  const field = (name: Parameters<typeof register>[0], label: string, error?: string, type = 'text') => (
    <TextField id={`project-${name}`} label={label} type={type} registration={register(name)} error={error} />
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3">
      {project ? (
        <p className="text-sm text-slate-700">
          Customer: <strong>{project.customer.name}</strong> ({project.customer.email})
        </p>
      ) : customer ? (
        <p className="flex items-center gap-2 text-sm text-slate-700">
          Customer: <strong>{customer.name}</strong> ({customer.email})
          <Button variant="ghost" onClick={() => { setCustomer(null); setValue('ownerId', ''); setValue('subscriptionId', ''); }}>Change</Button>
        </p>
      ) : (
        <PickCustomer error={errors.ownerId?.message} onPick={(picked) => { setCustomer(picked); setValue('ownerId', picked.id, { shouldValidate: true }); }} />
      )}
      {!project && customer && (
        <div>
          <label htmlFor="project-subscription" className="mb-1 block text-sm font-medium text-slate-800">Subscription (optional)</label>
          <select id="project-subscription" {...register('subscriptionId')} className="block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-base">
            <option value="">None</option>
            {subscriptions.data?.map((s) => (
              <option key={s.id} value={s.id}>{s.serviceTitle} ({s.status})</option>
            ))}
          </select>
          <LoadMore list={subscriptions} label="Load more subscriptions" className="mt-2" />
        </div>
      )}
      {field('projectName', 'Project name', errors.projectName?.message)}
      {field('businessName', 'Business name', errors.businessName?.message)}
      <div>
        <p className="mb-1 text-sm font-medium text-slate-800">Business logo</p>
        <div className="flex flex-wrap items-center gap-3">
          {logo ? <img src={logo} alt="Business logo preview" className="h-14 w-14 rounded-xl border border-slate-200 object-contain" /> : <span className="text-sm text-slate-600">No logo</span>}
          <input ref={fileInput} type="file" accept="image/*" className="hidden" tabIndex={-1} aria-hidden="true" data-testid="project-logo-input" onChange={(event) => { const file = event.target.files?.[0]; event.target.value = ''; if (file) void uploadLogo(file); }} />
          <Button variant="secondary" onClick={() => fileInput.current?.click()}>Upload logo</Button>
          {logo && <Button variant="ghost" onClick={() => setValue('businessLogo', '', { shouldDirty: true })}>Remove logo</Button>}
        </div>
        {upload.task && <UploadStatus task={upload.task} className="mt-2" />}
        {errors.businessLogo?.message && <p className="mt-1 text-sm text-red-700">{errors.businessLogo.message}</p>}
      </div>
      <div>
        <label htmlFor="project-clientNotes" className="mb-1 block text-sm font-medium text-slate-800">Notes for the customer</label>
        <textarea id="project-clientNotes" rows={3} {...register('clientNotes')} className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-base" />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor="project-releaseStatus" className="mb-1 block text-sm font-medium text-slate-800">Release status</label>
          <select id="project-releaseStatus" {...register('releaseStatus')} className="block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-base">
            {RELEASE_STATUSES.map((status) => <option key={status} value={status}>{status}</option>)}
          </select>
        </div>
        {field('publishedAt', 'Published at (set when published if empty)', errors.publishedAt?.message, 'datetime-local')}
      </div>
      <fieldset className="grid min-w-0 gap-3 sm:grid-cols-2">
        <legend className="mb-1 text-sm font-semibold text-slate-800">Deliverables</legend>
        {field('deliverables.playStoreUrl', 'Play Store URL', errors.deliverables?.playStoreUrl?.message, 'url')}
        {field('deliverables.appStoreUrl', 'App Store URL', errors.deliverables?.appStoreUrl?.message, 'url')}
        {field('deliverables.websiteUrl', 'Website URL', errors.deliverables?.websiteUrl?.message, 'url')}
        {field('deliverables.apkDownloadUrl', 'APK download URL', errors.deliverables?.apkDownloadUrl?.message, 'url')}
      </fieldset>
      {failure && <ErrorMessage>{failure}</ErrorMessage>}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>Cancel</Button>
        <Button type="submit" disabled={formState.isSubmitting || upload.snapshot?.state === 'running'}>
          {project ? 'Save project' : 'Create project'}
        </Button>
      </div>
    </form>
  );
}

/** What the project dialog shows: a project to edit, or a new one (for a given customer, or one to pick). */
export type ProjectDialogSubject = { project: StaffProject } | { forCustomer?: ProjectCustomer };

/** The project form in the console's dialog: "New project" or "Edit project". */
export function ProjectDialog({
  subject,
  customerPicker,
  onClose,
}: {
  subject: ProjectDialogSubject | null;
  customerPicker: CustomerPicker;
  onClose: () => void;
}) {
  const project = subject && 'project' in subject ? subject.project : undefined;
  return (
    <Dialog open={subject !== null} onClose={onClose} className="max-h-[90vh] max-w-2xl overflow-y-auto" aria-describedby={undefined}>
      <DialogTitle className="mb-4 text-xl font-bold text-slate-900">{project ? 'Edit project' : 'New project'}</DialogTitle>
      {subject !== null && <ProjectForm project={project} forCustomer={'forCustomer' in subject ? subject.forCustomer : undefined} customerPicker={customerPicker} onDone={onClose} />}
    </Dialog>
  );
}
