/** The conversation pane before a chat is chosen (wide screens). */
export function Component() {
  return (
    <div className="flex h-full min-h-64 items-center justify-center rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
      Choose a chat to read and answer it.
    </div>
  );
}
