import { useTyping } from '../api/typing';

/** "typing…" under the conversation while the other side types; announced politely to screen readers. */
export function TypingIndicator({ chatId, side, who }: { chatId: string; side: 'user' | 'support'; who: string }) {
  const typing = useTyping(chatId, side);
  return (
    <p role="status" aria-live="polite" className="h-6 px-4 text-sm italic text-slate-600">
      {typing ? `${who} is typing…` : ''}
    </p>
  );
}
