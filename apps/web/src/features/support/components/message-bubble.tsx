import { Play } from 'lucide-react';
import type { ChatMessage } from '@portal/contracts/support';
import { formatTime } from '@/lib/format';

export interface Media {
  kind: 'image' | 'video';
  url: string;
}

/** One message, on the right for the customer and on the left for support, with its hour and minute. */
export function MessageBubble({ message, onOpenMedia }: { message: ChatMessage; onOpenMedia: (media: Media) => void }) {
  const mine = message.messengerType === 'user';
  const sender = mine ? 'You' : 'Support';
  return (
    <li className={`flex ${mine ? 'justify-end' : 'justify-start'}`}>
      <div
        className={`max-w-[85%] rounded-2xl px-4 py-2.5 shadow-sm sm:max-w-[70%] ${
          mine ? 'rounded-br-sm bg-brand-700 text-white' : 'rounded-bl-sm border border-slate-200 bg-white text-slate-900'
        }`}
      >
        <span className="sr-only">{sender}: </span>
        {message.messageType === 'text' && <p className="whitespace-pre-wrap break-words">{message.textMessage}</p>}
        {message.messageType === 'image' && message.image && (
          <button
            type="button"
            onClick={() => onOpenMedia({ kind: 'image', url: message.image! })}
            className="block overflow-hidden rounded-lg"
            aria-label={`Open image from ${mine ? 'you' : 'support'}`}
          >
            <img src={message.image} alt="" className="h-40 w-56 max-w-full bg-slate-100 object-cover" loading="lazy" />
          </button>
        )}
        {message.messageType === 'video' && message.video && (
          <button
            type="button"
            onClick={() => onOpenMedia({ kind: 'video', url: message.video! })}
            className="relative block overflow-hidden rounded-lg bg-black"
            aria-label={`Play video from ${mine ? 'you' : 'support'}`}
          >
            <video src={`${message.video}#t=0.1`} preload="metadata" muted playsInline aria-hidden="true" tabIndex={-1} className="h-40 w-56 max-w-full object-cover" />
            <span className="absolute inset-0 flex items-center justify-center" aria-hidden="true">
              <span className="flex h-12 w-12 items-center justify-center rounded-full bg-black/60 text-white">
                <Play className="ml-0.5 h-6 w-6" fill="currentColor" />
              </span>
            </span>
          </button>
        )}
        <p className={`mt-1 text-right text-xs ${mine ? 'text-brand-100' : 'text-slate-600'}`}>
          <time dateTime={new Date(message.sentTimestamp).toISOString()}>{formatTime(message.sentTimestamp)}</time>
        </p>
      </div>
    </li>
  );
}
