import { useState } from 'react';
import { Outlet, useParams } from 'react-router';
import type { ChatStatus } from '@portal/contracts/support';
import type { AssignedFilter } from '@portal/contracts/team-inbox';
import { LoadMore } from '@/components/ui/load-more';
import { QueryState } from '@/components/ui/query-state';
import { useStaffChats } from '@/features/support/api/inbox';
import { ChatRow } from '@/features/support/components/chat-row';
import { FilterChips, SearchBox } from '@/features/staff/components/list-controls';
import { MessageSearch } from '@/features/support/components/message-search';

const FILTERS: Array<{ value: ChatStatus | undefined; label: string }> = [
  { value: 'OPEN', label: 'Open' },
  { value: 'CLOSED', label: 'Closed' },
  { value: undefined, label: 'All' },
];
const ASSIGNED: Array<{ value: AssignedFilter | undefined; label: string }> = [
  { value: 'me', label: 'Mine' },
  { value: 'none', label: 'Unassigned' },
  { value: undefined, label: 'All' },
];

/**
 * The support inbox: the chat list (OPEN first, newest activity first, live) beside the open conversation at
 * wide sizes; on a phone the list, then the conversation on its own.
 */
export function Component() {
  const chatId = useParams().chatId;
  const [status, setStatus] = useState<ChatStatus | undefined>('OPEN');
  const [assigned, setAssigned] = useState<AssignedFilter | undefined>(undefined);
  const [q, setQ] = useState('');
  const chats = useStaffChats({ status, assigned, q: q.trim() || undefined });

  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-0 lg:grid-cols-[24rem_minmax(0,1fr)] lg:gap-6 lg:px-6 lg:py-6">
      <section aria-labelledby="inbox-title" className={`${chatId ? 'hidden lg:block' : ''} bg-white lg:overflow-hidden lg:rounded-2xl lg:border lg:border-slate-200 lg:shadow-sm`}>
        <div className="space-y-3 border-b border-slate-200 p-4">
          <h1 id="inbox-title" className="text-xl font-bold text-slate-900">
            Support inbox
          </h1>
          <FilterChips
            label="Chat status"
            options={FILTERS}
            value={status}
            onChange={setStatus}
          />
          <FilterChips label="Assignment" options={ASSIGNED} value={assigned} onChange={setAssigned} />
          <SearchBox
            label="Search chats"
            placeholder="Search by customer name or e-mail"
            value={q}
            onChange={setQ}
          />
        </div>
        <MessageSearch>
          <QueryState query={chats} pending="Loading chats..." error="Could not load the chats." empty="No chats match.">
            {(list) => (
              <div className="lg:max-h-[65vh] lg:overflow-y-auto">
                <ul aria-label="Chats">
                  {list.map((chat) => (
                    <ChatRow key={chat.id} chat={chat} selected={chat.id === chatId} />
                  ))}
                </ul>
                <LoadMore list={chats} label="Load more chats" className="p-4" />
              </div>
            )}
          </QueryState>
        </MessageSearch>
      </section>
      <div className={chatId ? '' : 'hidden lg:block'}>
        <Outlet />
      </div>
    </div>
  );
}
