import { Link } from 'react-router';
import { DEFAULT_CHAT_LABEL } from '@portal/contracts/support';
import type { StaffChatSummary } from '@portal/contracts/team-inbox';
import { formatShortDate, formatTime } from '@/lib/format';
import { paths } from '@/lib/paths';

/** One chat of the inbox: customer, reason, status, last message, unread count and last activity. */
export function ChatRow({ chat, selected }: { chat: StaffChatSummary; selected: boolean }) {
  const when = chat.lastActivityTimestamp;
  return (
    <li>
      <Link
        to={paths.staffChat(chat.id)}
        aria-current={selected ? 'page' : undefined}
        className={`block border-b border-slate-200 px-4 py-3 hover:bg-slate-50 ${selected ? 'bg-brand-50' : 'bg-white'}`}
      >
        <div className="flex items-center gap-2">
          <span className="min-w-0 flex-1 truncate font-semibold text-slate-900">{chat.customer.name || chat.customer.email}</span>
          {chat.unreadCount > 0 && (
            <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-bold text-white">
              {chat.unreadCount}
              <span className="sr-only"> unread</span>
            </span>
          )}
          <time className="shrink-0 text-xs text-slate-600" dateTime={new Date(when).toISOString()}>
            {formatShortDate(when)}, {formatTime(when)}
          </time>
        </div>
        <p className="truncate text-xs text-slate-600">{chat.customer.email}</p>
        <p className="truncate text-xs text-slate-600">{chat.assignee ? `Assigned to ${chat.assignee.name}` : 'Unassigned'}</p>
        <p className="mt-1 flex items-center gap-2 text-sm">
          <span className="font-medium text-slate-800">{chat.reason || DEFAULT_CHAT_LABEL}</span>
          <span className={`rounded px-1.5 text-xs font-bold ${chat.status === 'OPEN' ? 'bg-emerald-100 text-emerald-800' : 'bg-slate-200 text-slate-800'}`}>{chat.status}</span>
        </p>
        <p className="mt-0.5 truncate text-sm text-slate-700">
          {chat.lastMessengerType === 'support' && <span className="font-medium">Support: </span>}
          {chat.lastMessage}
        </p>
      </Link>
    </li>
  );
}
