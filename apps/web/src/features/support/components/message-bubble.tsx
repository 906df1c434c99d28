import { FileText, Play } from 'lucide-react';
import type { ChatMessage } from '@portal/contracts/support';
import { formatTime } from '@/lib/format';

export interface Media {
  kind: 'image' | 'video';
  url: string;
}

/** A message as a view shows it: staff also see which staff member sent a reply. */
export type ShownMessage = ChatMessage & { senderName?: string | null };

/** Who reads the conversation: the customer, or staff (who see the customer's name and each reply's author). */
export type ChatViewer = { kind: 'customer' } | { kind: 'staff'; customerName: string };

const senderOf = (message: ShownMessage, viewer: ChatViewer, mine: boolean) => {
  if (mine) return viewer.kind === 'staff' ? (message.senderName ?? 'Support') : 'You';
  return viewer.kind === 'staff' ? viewer.customerName : 'Support';
};

/**
 * One message with its hour and minute: the reader's side on the right (the customer's own messages, or for staff
 * the support replies, named by their author), the other side on the left.
 */
export function MessageBubble({
  message,
  onOpenMedia,
  viewer = { kind: 'customer' },
  seen = false,
  marked = false,
}: {
  message: ShownMessage;
  onOpenMedia: (media: Media) => void;
  viewer?: ChatViewer;
  /** Support has read it (shown under the customer's last message). */
  seen?: boolean;
  /** The message a link opened the conversation at (message search): outlined, and focusable to be focused. */
  marked?: boolean;
}) {
  const mine = (message.messengerType === 'support') === (viewer.kind === 'staff');
  const sender = senderOf(message, viewer, mine);
  const named = viewer.kind === 'staff' && message.messengerType === 'support';
  // How media buttons name the sender: "you" and "support" for the customer, names for staff.
  const from = viewer.kind === 'customer' ? (mine ? 'you' : 'support') : sender;
  return (
    <li id={`message-${message.id}`} tabIndex={marked ? -1 : undefined} aria-current={marked ? 'true' : undefined} className={`flex flex-wrap outline-none ${mine ? 'justify-end' : 'justify-start'}`}>
      <div
        className={`max-w-[85%] rounded-2xl px-4 py-2.5 shadow-sm sm:max-w-[70%] ${marked ? 'ring-4 ring-amber-400 ' : ''}${
          mine ? 'rounded-br-sm bg-brand-700 text-white' : 'rounded-bl-sm border border-slate-200 bg-white text-slate-900'
        }`}
      >
        {named ? <p className="mb-1 text-xs font-semibold text-brand-100">{sender}</p> : <span className="sr-only">{sender}: </span>}
        {message.messageType === 'text' && <p className="whitespace-pre-wrap break-words">{message.textMessage}</p>}
        {message.messageType === 'image' && message.image && (
          <button
            type="button"
            onClick={() => onOpenMedia({ kind: 'image', url: message.image! })}
            className="block overflow-hidden rounded-lg"
            aria-label={`Open image from ${from}`}
          >
            <img src={message.image} alt="" className="h-40 w-56 max-w-full bg-slate-100 object-cover" loading="lazy" />
          </button>
        )}
        {message.messageType === 'video' && message.video && (
          <button
            type="button"
            onClick={() => onOpenMedia({ kind: 'video', url: message.video! })}
            className="relative block overflow-hidden rounded-lg bg-black"
            aria-label={`Play video from ${from}`}
          >
            <video src={`${message.video}#t=0.1`} preload="metadata" muted playsInline aria-hidden="true" tabIndex={-1} className="h-40 w-56 max-w-full object-cover" />
            <span className="absolute inset-0 flex items-center justify-center" aria-hidden="true">
              <span className="flex h-12 w-12 items-center justify-center rounded-full bg-black/60 text-white">
                <Play className="ml-0.5 h-6 w-6" fill="currentColor" />
              </span>
            </span>
          </button>
        )}
        {message.messageType === 'document' && message.document && (
          <a
            href={message.document}
            download
            className={`flex items-center gap-2 rounded-lg px-3 py-2 font-semibold underline ${mine ? 'bg-brand-800 text-white' : 'bg-slate-100 text-brand-700'}`}
          >
            <FileText className="h-5 w-5 shrink-0" aria-hidden="true" />
            Download PDF from {from}
          </a>
        )}
        <p className={`mt-1 text-right text-xs ${mine ? 'text-brand-100' : 'text-slate-600'}`}>
          <time dateTime={new Date(message.sentTimestamp).toISOString()}>{formatTime(message.sentTimestamp)}</time>
        </p>
      </div>
      {seen && <p className="mt-1 w-full text-right text-xs font-medium text-slate-600">Seen</p>}
    </li>
  );
}
