import { useId, useState, type KeyboardEvent } from 'react';

/** A saved reply as the picker offers it. */
export interface PickableReply {
  id: string;
  title: string;
  body: string;
}

/** What the picker searches for: the text after a `/` typed first in the message, or null when it is not open. */
export const slashQuery = (text: string): string | null => (text.startsWith('/') && !text.includes('\n') ? text.slice(1).trim() : null);

/** The next option in a list of `count`, going round at either end. */
export const stepIndex = (index: number, delta: 1 | -1, count: number): number => (count === 0 ? 0 : (index + delta + count) % count);

/**
 * The `/` picker of saved replies (a combobox: the message box controls a listbox of replies). Typing `/` first opens
 * it and the words after it narrow it; Up and Down move through the replies, Enter or a click puts the chosen one in
 * the message box in place of what was typed, Escape closes it and keeps the text. `replies` are those matching the
 * query (see `useSavedReplyMatches`); `onPick` receives the chosen one.
 */
export function useSlashPicker({ text, replies, enabled, onPick }: { text: string; replies: PickableReply[]; enabled: boolean; onPick: (reply: PickableReply) => void }) {
  const id = useId();
  const listboxId = `${id}-saved-replies`;
  const query = enabled ? slashQuery(text) : null;
  const [closedAt, setClosedAt] = useState<string | null>(null);
  // The chosen option, for the query it was chosen in: typing further starts again at the first match.
  const [chosen, setChosen] = useState({ query, index: 0 });
  const active = chosen.query === query ? chosen.index : 0;
  const setActive = (index: number) => setChosen({ query, index });
  const open = query !== null && closedAt !== text;
  const current = Math.min(active, Math.max(0, replies.length - 1));
  const optionId = (reply: PickableReply) => `${id}-reply-${reply.id}`;

  const pick = (reply: PickableReply) => {
    setActive(0);
    onPick(reply);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActive(stepIndex(current, event.key === 'ArrowDown' ? 1 : -1, replies.length));
    } else if (event.key === 'Enter' && replies[current]) {
      event.preventDefault();
      pick(replies[current]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setClosedAt(text);
    }
  };

  const inputProps = enabled
    ? {
        role: 'combobox' as const,
        'aria-autocomplete': 'list' as const,
        'aria-expanded': open,
        'aria-controls': listboxId,
        'aria-activedescendant': open && replies[current] ? optionId(replies[current]) : undefined,
        onKeyDown,
      }
    : {};

  const listbox = open ? (
    <div className="absolute bottom-full left-0 right-0 z-20 mb-2 max-h-72 overflow-y-auto rounded-xl border border-slate-200 bg-white shadow-lg">
      <p className="border-b border-slate-100 px-3 py-2 text-xs font-semibold text-slate-600">Saved replies: Up and Down to choose, Enter to insert, Escape to close</p>
      {/* The listbox is always in the page while open, so aria-controls names it even when nothing matches. */}
      <ul id={listboxId} role="listbox" aria-label="Saved replies">
        {replies.map((reply, index) => (
          <li
            key={reply.id}
            id={optionId(reply)}
            role="option"
            aria-selected={index === current}
            // Keeps focus in the message box, so typing goes on there after a click.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(reply)}
            onMouseEnter={() => setActive(index)}
            className={`cursor-pointer px-3 py-2 ${index === current ? 'bg-brand-50' : 'bg-white'}`}
          >
            <span className="block truncate text-sm font-semibold text-slate-900">{reply.title}</span>
            <span className="block truncate text-sm text-slate-600">{reply.body}</span>
          </li>
        ))}
      </ul>
      {replies.length === 0 && <p className="px-3 py-2 text-sm text-slate-600">No saved reply matches.</p>}
    </div>
  ) : null;

  return { inputProps, listbox, open };
}
