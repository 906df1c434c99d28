import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Search, X } from 'lucide-react';
import { DEFAULT_CHAT_LABEL } from '@portal/contracts/support';
import { MESSAGE_SEARCH_MAX } from '@portal/contracts/support-inbox';
import { LoadMore } from '@/components/ui/load-more';
import { QueryState } from '@/components/ui/query-state';
import { formatShortDate, formatTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useMessageSearch } from '../api/message-search';

/** The link to a conversation opened at one of its messages (the conversation reads the anchor). */
export const messageAnchor = (messageId: string) => `message-${messageId}`;
export const chatAtMessage = (chatId: string, messageId: string) => `${paths.staffChat(chatId)}#${messageAnchor(messageId)}`;

/**
 * Search in the words of messages, above the inbox's chat list: while words are searched their results replace the
 * list (`children`), each opening its conversation at that message; clearing the search shows the list again.
 */
export function MessageSearch({ children }: { children: ReactNode }) {
  const [typed, setTyped] = useState('');
  const [words, setWords] = useState('');
  const results = useMessageSearch(words);
  const selected = useParams().chatId;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setWords(typed.trim());
  };
  const clear = () => {
    setTyped('');
    setWords('');
  };

  return (
    <>
      <form role="search" aria-label="Search messages" onSubmit={submit} className="flex gap-2 border-b border-slate-200 px-4 py-3">
        <input
          type="search"
          value={typed}
          maxLength={MESSAGE_SEARCH_MAX}
          onChange={(event) => {
            setTyped(event.target.value);
            if (!event.target.value.trim()) setWords('');
          }}
          placeholder="Search in messages"
          aria-label="Words to find in messages"
          className="block min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base"
        />
        <button type="submit" className="inline-flex items-center gap-1 rounded-lg bg-brand-700 px-3 py-2 font-semibold text-white hover:bg-brand-800">
          <Search className="h-4 w-4" aria-hidden="true" />
          Search
        </button>
      </form>
      {words ? (
        <section aria-label="Messages found">
          <div className="flex items-center gap-2 px-4 pt-3">
            <p className="min-w-0 flex-1 truncate text-sm text-slate-700">
              Messages with “<span className="font-semibold">{words}</span>”
            </p>
            <button type="button" onClick={clear} className="inline-flex shrink-0 items-center gap-1 rounded-lg px-2 py-1 text-sm font-semibold text-brand-700 hover:bg-slate-100">
              <X className="h-4 w-4" aria-hidden="true" />
              Clear search
            </button>
          </div>
          <QueryState query={results} pending="Searching messages..." error="Could not search the messages." empty="No messages match these words.">
            {(found) => (
              <div className="lg:max-h-[60vh] lg:overflow-y-auto">
                <ul aria-label="Messages found">
                  {found.map((hit) => (
                    <li key={hit.id}>
                      <Link
                        to={chatAtMessage(hit.chatId, hit.id)}
                        aria-current={hit.chatId === selected ? 'page' : undefined}
                        className={`block border-b border-slate-200 px-4 py-3 hover:bg-slate-50 ${hit.chatId === selected ? 'bg-brand-50' : 'bg-white'}`}
                      >
                        <div className="flex items-center gap-2">
                          <span className="min-w-0 flex-1 truncate font-semibold text-slate-900">{hit.customer.name || hit.customer.email}</span>
                          <time className="shrink-0 text-xs text-slate-600" dateTime={new Date(hit.sentTimestamp).toISOString()}>
                            {formatShortDate(hit.sentTimestamp)}, {formatTime(hit.sentTimestamp)}
                          </time>
                        </div>
                        <p className="text-xs text-slate-600">
                          {hit.chatReason || DEFAULT_CHAT_LABEL} · {hit.chatStatus}
                        </p>
                        <p className="mt-1 line-clamp-2 break-words text-sm text-slate-800">
                          <span className="font-medium">{hit.messengerType === 'support' ? 'Support: ' : 'Customer: '}</span>
                          {hit.textMessage}
                        </p>
                      </Link>
                    </li>
                  ))}
                </ul>
                <LoadMore list={results} label="Load more messages" className="p-4" />
              </div>
            )}
          </QueryState>
        </section>
      ) : (
        children
      )}
    </>
  );
}
