import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { describeImportedCollection, importedCollectionLabel, type ImportSummary } from '@portal/contracts/content';
import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/page';
import { useContentImport } from '@/features/content/api/content-import';
import { ApiError } from '@/lib/api-client';

type Outcome =
  | { kind: 'imported'; file: string; summary: ImportSummary }
  | { kind: 'rejected'; file: string; problems: { path: string; message: string }[] };

const NO_FILE = 'Choose a content file.';
/** The file chosen (none yet: null) and whether it replaces; what the file holds is checked by the server. */
const contentImportSchema = z.object({
  file: z.file().nullable().pipe(z.file({ error: NO_FILE })),
  replace: z.boolean(),
});
type ContentImportValues = z.input<typeof contentImportSchema>;

/** "Path: message" lines of a refused import (the server lists one problem per indented line). */
function problemsOf(message: string) {
  return message
    .split('\n')
    .slice(1)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const at = line.indexOf(': ');
      return at < 0 ? { path: '', message: line } : { path: line.slice(0, at), message: line.slice(at + 2) };
    });
}

/**
 * The file picker, the replace choice and the outcome of the import. A file that is not JSON is the file's error;
 * the server's refusal of the whole import (other than a list of problems) is the form's.
 */
export function ContentImport() {
  const { control, register, handleSubmit, watch, setError, clearErrors, formState } = useForm<ContentImportValues, unknown, z.output<typeof contentImportSchema>>({
    resolver: zodResolver(contentImportSchema),
    defaultValues: { file: null, replace: false },
  });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const importContent = useContentImport();
  const ids = { file: useId(), replace: useId(), replaceHelp: useId() };
  const file = watch('file');
  const busy = formState.isSubmitting;
  const fileError = formState.errors.file?.message;
  const refusal = formState.errors.root?.server?.message;
  const outcomeView = useRef<HTMLDivElement>(null);
  // On a phone the outcome is below the form: bring it into view.
  useEffect(() => {
    if (outcome || refusal) outcomeView.current?.scrollIntoView?.({ block: 'nearest' });
  }, [outcome, refusal]);

  const submit = handleSubmit(async ({ file, replace }) => {
    setOutcome(null);
    let content: unknown;
    try {
      content = JSON.parse(await file.text());
    } catch (error) {
      setError('file', { type: 'validate', message: `${file.name} is not valid JSON: ${(error as Error).message}` }, { shouldFocus: true });
      return;
    }
    if (typeof content !== 'object' || content === null || Array.isArray(content)) {
      setOutcome({ kind: 'rejected', file: file.name, problems: [{ path: '', message: 'This is not a content file: download one from this page to see the format.' }] });
      return;
    }
    try {
      const summary = await importContent.mutateAsync({ content: content as Record<string, unknown>, replace });
      setOutcome({ kind: 'imported', file: file.name, summary });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'IMPORT_REJECTED') setOutcome({ kind: 'rejected', file: file.name, problems: problemsOf(error.message) });
      else setError('root.server', { message: error instanceof ApiError ? error.message : 'Could not import. Please try again.' });
    }
  });

  return (
    <div className="space-y-4">
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        <div className="space-y-1">
          <label htmlFor={ids.file} className="block text-sm font-semibold text-slate-900">
            Content file (.json)
          </label>
          <Controller
            control={control}
            name="file"
            render={({ field }) => (
              <input
                id={ids.file}
                ref={field.ref}
                name={field.name}
                type="file"
                accept="application/json,.json"
                aria-invalid={fileError ? true : undefined}
                aria-describedby={fileError ? `${ids.file}-error` : undefined}
                className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-semibold file:text-slate-900 hover:file:bg-slate-50"
                onBlur={field.onBlur}
                onChange={(event) => {
                  field.onChange(event.target.files?.[0] ?? null);
                  clearErrors();
                  setOutcome(null);
                }}
              />
            )}
          />
          {fileError && (
            <p id={`${ids.file}-error`} className="mt-1 text-sm text-red-700">
              {fileError}
            </p>
          )}
        </div>
        <div className="rounded-xl border border-slate-200 bg-slate-50 p-3">
          <label htmlFor={ids.replace} className="flex items-start gap-2 text-sm font-semibold text-slate-900">
            <input id={ids.replace} type="checkbox" className="mt-0.5 h-4 w-4" aria-describedby={ids.replaceHelp} {...register('replace')} />
            Replace what the file holds
          </label>
          <p id={ids.replaceHelp} className="mt-1 pl-6 text-sm text-slate-700">
            Each part the file holds (for example the plans or the FAQs) becomes exactly what is in the file: entries that are not in the file are deleted, except plans that customers subscribe to, which are hidden instead. Parts the file does not hold stay as they are. A file with customers&apos; projects cannot replace: projects are only ever added or updated. Without this option, entries are only added or updated.
          </p>
        </div>
        <Button type="submit" disabled={!file || busy}>
          {busy ? 'Uploading...' : 'Upload'}
        </Button>
      </form>
      <div ref={outcomeView}>
        {refusal && <ErrorMessage>{refusal}</ErrorMessage>}
        {outcome && <OutcomeView outcome={outcome} />}
      </div>
    </div>
  );
}

function OutcomeView({ outcome }: { outcome: Outcome }) {
  if (outcome.kind === 'rejected')
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
        <p className="font-semibold">
          {outcome.file} was refused and nothing was changed. {outcome.problems.length === 1 ? 'One entry has a problem:' : `${outcome.problems.length} problems:`}
        </p>
        <ul aria-label="Problems" className="mt-2 space-y-1">
          {outcome.problems.map((problem, index) => (
            <li key={index} className="break-words">
              {problem.path && <code className="rounded bg-white px-1 py-0.5 font-mono text-xs text-red-900">{problem.path}</code>} {problem.message}
            </li>
          ))}
        </ul>
      </div>
    );
  const { summary } = outcome;
  return (
    <div role="status" className="rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-950">
      <p className="font-semibold">
        {summary.replaced ? `Replaced what ${outcome.file} holds:` : `Imported ${outcome.file}:`}
      </p>
      <ul aria-label="Collections" className="mt-2 space-y-2">
        {summary.collections.map((c) => (
          <li key={c.name}>
            <span className="font-semibold">{importedCollectionLabel(c.name)}</span>: {describeImportedCollection(c, summary.replaced)}
          </li>
        ))}
      </ul>
      {summary.ignored.length > 0 && <p className="mt-2 text-emerald-900">Not site content, so left out: {summary.ignored.join(', ')}</p>}
    </div>
  );
}
