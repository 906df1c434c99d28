import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { DEFAULT_CHAT_LABEL, type ChatSummary } from '@portal/contracts/support';
import { formatShortDate, formatTime } from '@/lib/format';
import { ChatStatusBadge } from './chat-status-badge';
import { paths } from '@/lib/paths';

/** One chat of /support: reason, last message (or "Media message"), status and time of the last activity. */
export function ChatListItem({ chat }: { chat: ChatSummary }) {
  const when = chat.lastActivityTimestamp;
  return (
    <li>
      <Link
        to={paths.supportChat(chat.id)}
        className="flex items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-500 hover:shadow-md sm:p-5"
      >
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="font-semibold text-slate-900">{chat.reason || DEFAULT_CHAT_LABEL}</h2>
            <ChatStatusBadge status={chat.status} />
          </div>
          <p className="mt-1 truncate text-sm text-slate-700">
            {chat.lastMessengerType === 'support' && <span className="font-medium">Support: </span>}
            {chat.lastMessage}
          </p>
          <p className="mt-1 text-xs text-slate-600">
            <time dateTime={new Date(when).toISOString()}>
              {formatShortDate(when)}, {formatTime(when)}
            </time>
          </p>
        </div>
        <ChevronRight className="h-5 w-5 shrink-0 text-slate-400" aria-hidden="true" />
      </Link>
    </li>
  );
}
