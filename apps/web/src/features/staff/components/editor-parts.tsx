import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogTitle } from '@/components/ui/dialog';

/** What a console editor has open: nothing, a new item, or one to edit. */
export type Editing<T> = T | 'new' | null;

/** The dialog of a console editor: "New {noun}" or "Edit {noun}", with the form for it. */
export function EditorDialog<T>({ editing, noun, onClose, form }: { editing: Editing<T>; noun: string; onClose: () => void; form: (item: T | undefined) => ReactNode }) {
  return (
    <Dialog open={editing !== null} onClose={onClose} className="max-h-[90vh] max-w-xl overflow-y-auto" aria-describedby={undefined}>
      <DialogTitle className="mb-4 text-xl font-bold text-slate-900">{editing === 'new' ? `New ${noun}` : `Edit ${noun}`}</DialogTitle>
      {editing !== null && form(editing === 'new' ? undefined : editing)}
    </Dialog>
  );
}

/** Up and down buttons moving an item one place in an ordered list (keyboard- and screen-reader-friendly). */
export function MoveButtons({ name, index, count, busy, onMove }: { name: string; index: number; count: number; busy: boolean; onMove: (direction: 'up' | 'down') => void }) {
  return (
    <div className="flex flex-col gap-1">
      <Button variant="ghost" className="px-2 py-1" aria-label={`Move ${name} up`} disabled={index === 0 || busy} onClick={() => onMove('up')}>↑</Button>
      <Button variant="ghost" className="px-2 py-1" aria-label={`Move ${name} down`} disabled={index === count - 1 || busy} onClick={() => onMove('down')}>↓</Button>
    </div>
  );
}

/** Edit, and Delete after the browser's confirmation (left out when `onDelete` is absent). */
export function RowActions({ name, confirm, busy, onEdit, onDelete }: { name: string; confirm: string; busy: boolean; onEdit: () => void; onDelete?: () => void }) {
  return (
    <div className="flex gap-2">
      <Button variant="secondary" onClick={onEdit} aria-label={`Edit ${name}`}>Edit</Button>
      {onDelete && (
        <Button variant="danger" aria-label={`Delete ${name}`} disabled={busy} onClick={() => window.confirm(confirm) && onDelete()}>
          Delete
        </Button>
      )}
    </div>
  );
}
