import { useState } from 'react';
import type { Faq } from '@portal/contracts/help';
import { Button } from '@/components/ui/button';
import { ErrorMessage, Page } from '@/components/ui/page';
import { QueryState } from '@/components/ui/query-state';
import { useFaqs } from '@/features/help/api/help';
import { useFaqChanges } from '@/features/help/api/help-editor';
import { EditorDialog, errorText, MoveButtons, RowActions } from '@/components/editor';
import { FaqForm } from '@/features/help/components/faq-form';

/** /staff/faqs: the FAQs in customers' order; create, edit, reorder and delete them (open FAQ pages follow). */
export function Component() {
  const faqs = useFaqs();
  const { move, remove } = useFaqChanges();
  const [editing, setEditing] = useState<Faq | 'new' | null>(null);
  const failed = move.error ?? remove.error;
  return (
    <Page title="FAQs" actions={<Button onClick={() => setEditing('new')}>New FAQ</Button>}>
      {failed && <ErrorMessage>{errorText(failed)}</ErrorMessage>}
      <QueryState query={faqs} pending="Loading FAQs..." error="Could not load the FAQs." empty="No FAQs yet.">
        {(list) => (
          <ol aria-label="FAQs" className="space-y-3">
            {list.map((faq, index) => (
              <li key={faq.id} className="flex items-start gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
                <MoveButtons
                  name={faq.question}
                  first={index === 0}
                  last={index === list.length - 1}
                  busy={move.isPending}
                  onMove={(direction) => move.mutateAsync({ faqId: faq.id, direction })}
                />
                <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-start">
                  <div className="min-w-0 flex-1">
                    <p className="break-words font-semibold text-slate-900">{faq.question}</p>
                    <p className="mt-1 line-clamp-4 whitespace-pre-line break-words text-sm text-slate-700">{faq.answer}</p>
                  </div>
                  <RowActions name={faq.question} confirm={`Delete the FAQ "${faq.question}"?`} busy={remove.isPending} onEdit={() => setEditing(faq)} onDelete={() => remove.mutate(faq.id)} />
                </div>
              </li>
            ))}
          </ol>
        )}
      </QueryState>
      <EditorDialog editing={editing} noun="FAQ" onClose={() => setEditing(null)}>
        {(faq) => <FaqForm faq={faq} onDone={() => setEditing(null)} />}
      </EditorDialog>
    </Page>
  );
}
