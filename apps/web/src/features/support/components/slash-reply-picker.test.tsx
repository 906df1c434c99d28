import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { slashQuery, stepIndex, useSlashPicker, type PickableReply } from './slash-reply-picker';

afterEach(cleanup);

const REPLIES: PickableReply[] = [
  { id: 'r1', title: 'Greeting', body: 'Hello, thanks for writing to us.' },
  { id: 'r2', title: 'Refund timing', body: 'Refunds reach your card in 5 to 10 days.' },
  { id: 'r3', title: 'Closing', body: 'Anything else I can help with?' },
];

/** A message box with the picker, filtering the replies as the server would (title or text, any case). */
function Composer({ enabled = true }: { enabled?: boolean }) {
  const [text, setText] = useState('');
  const query = slashQuery(text);
  const replies = query === null ? [] : REPLIES.filter((r) => `${r.title} ${r.body}`.toLowerCase().includes(query.toLowerCase()));
  const picker = useSlashPicker({ text, replies, enabled, onPick: (reply) => setText(reply.body) });
  return (
    <form onSubmit={(event) => event.preventDefault()}>
      {picker.listbox}
      <input aria-label="Message" value={text} onChange={(event) => setText(event.target.value)} {...picker.inputProps} />
    </form>
  );
}

const box = () => screen.getByRole('combobox', { name: 'Message' }) as HTMLInputElement;
const type = (value: string) => fireEvent.change(box(), { target: { value } });
const key = (name: string) => fireEvent.keyDown(box(), { key: name });
const activeOption = () => document.getElementById(box().getAttribute('aria-activedescendant') ?? '');

describe('the / picker of saved replies', () => {
  it('reads the query after a leading slash only', () => {
    expect(slashQuery('/ref')).toBe('ref');
    expect(slashQuery('/')).toBe('');
    expect(slashQuery('hello /ref')).toBeNull();
    expect(slashQuery('/a\nb')).toBeNull();
    expect([stepIndex(2, 1, 3), stepIndex(0, -1, 3), stepIndex(0, 1, 0)]).toEqual([0, 2, 0]);
  });

  it('is a closed combobox until / is typed, then lists every reply as options of a listbox it controls', () => {
    render(<Composer />);
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
    type('/');
    expect(box().getAttribute('aria-expanded')).toBe('true');
    const listbox = screen.getByRole('listbox', { name: 'Saved replies' });
    expect(box().getAttribute('aria-controls')).toBe(listbox.id);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(REPLIES.map((r) => `${r.title}${r.body}`));
    expect(activeOption()?.getAttribute('aria-selected')).toBe('true');
    expect(activeOption()?.textContent).toContain('Greeting');
  });

  it('narrows as one types, moves with the arrow keys (round at the ends) and inserts the chosen reply with Enter', () => {
    render(<Composer />);
    type('/re');
    expect(screen.getAllByRole('option')).toHaveLength(2);
    key('ArrowDown');
    expect(activeOption()?.textContent).toContain('Refund timing');
    key('ArrowDown');
    expect(activeOption()?.textContent).toContain('Greeting');
    key('ArrowUp');
    expect(activeOption()?.textContent).toContain('Refund timing');
    // Typing on starts again at the first match.
    type('/ref');
    expect(activeOption()?.textContent).toContain('Refund timing');
    type('/r');
    expect(activeOption()?.textContent).toContain('Greeting');
    key('ArrowDown');
    key('Enter');
    expect(box().value).toBe('Refunds reach your card in 5 to 10 days.');
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('inserts a reply clicked with the mouse', () => {
    render(<Composer />);
    type('/');
    fireEvent.click(screen.getByRole('option', { name: /Closing/ }));
    expect(box().value).toBe('Anything else I can help with?');
  });

  it('closes on Escape keeping the text, opens again on further typing, and says when nothing matches', () => {
    render(<Composer />);
    type('/gre');
    key('Escape');
    expect(box().value).toBe('/gre');
    expect(screen.queryByRole('listbox')).toBeNull();
    type('/zzz');
    expect(screen.getByRole('listbox')).toBeTruthy();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('No saved reply matches.')).toBeTruthy();
    key('Enter');
    expect(box().value).toBe('/zzz');
  });

  it('leaves a customer’s message box a plain text box', () => {
    render(<Composer enabled={false} />);
    expect(screen.queryByRole('combobox')).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: '/' } });
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});
