import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/page';
import { QueryState } from '@/components/ui/query-state';
import { ApiError } from '@/lib/api-client';
import { useChatStatus, useMarkChatRead, useStaffChat } from '@/features/support/api/inbox';
import { ChatAssignment } from '@/features/support/components/chat-assignment';
import { ChatNotes } from '@/features/support/components/chat-notes';
import { useMessageAnchor } from '@/features/support/components/use-message-anchor';
import { ChatStatusBadge } from '@/features/support/components/chat-status-badge';
import { MessageForm } from '@/features/support/components/message-form';
import { TypingIndicator } from '@/features/support/components/typing-indicator';
import { MessageList } from '@/features/support/components/message-list';
import { paths } from '@/lib/paths';

/** A conversation as staff see it: the customer, every message (replies name their author), reply, close, reopen. */
export function Component() {
  const chatId = useParams().chatId ?? '';
  const chat = useStaffChat(chatId);
  const setStatus = useChatStatus(chatId);
  const markRead = useMarkChatRead();
  const newest = chat.data?.messages.at(-1)?.id;
  const marked = useMessageAnchor(chat.data?.messages.map((message) => message.id), chat);

  // Opening the chat, and each new message while it is open, counts as read.
  const { mutate: read } = markRead;
  useEffect(() => {
    if (newest) read(chatId);
  }, [chatId, newest, read]);

  return (
    <section aria-labelledby="chat-title" className="overflow-hidden bg-white lg:rounded-2xl lg:border lg:border-slate-200 lg:shadow-sm">
      <header className="flex flex-wrap items-center gap-3 border-b border-slate-200 px-3 py-3 sm:px-5">
        <Link to={paths.staffInbox()} aria-label="Back to the inbox" className="rounded-full p-2 text-slate-700 hover:bg-slate-100 lg:hidden">
          <ArrowLeft className="h-5 w-5" aria-hidden="true" />
        </Link>
        <div className="min-w-0 flex-1 basis-56">
          <h2 id="chat-title" className="truncate text-lg font-bold text-slate-900">
            {chat.data ? chat.data.customer.name || chat.data.customer.email : 'Support Chat'}
          </h2>
          {chat.data && (
            <p className="flex min-w-0 gap-1 text-sm text-slate-600">
              <span className="max-w-[60%] shrink-0 truncate">{chat.data.reason}</span>
              <span aria-hidden="true">·</span>
              <Link className="min-w-0 truncate font-medium text-brand-700 underline" title={chat.data.customer.email} to={paths.staffCustomer(chat.data.customer.id)}>
                {chat.data.customer.email}
              </Link>
            </p>
          )}
        </div>
        {chat.data && <ChatStatusBadge status={chat.data.status} />}
        {chat.data && (
          <Button
            variant="secondary"
            disabled={setStatus.isPending}
            onClick={() => setStatus.mutate(chat.data.status === 'OPEN' ? 'CLOSED' : 'OPEN')}
          >
            {chat.data.status === 'OPEN' ? 'Close chat' : 'Reopen chat'}
          </Button>
        )}
      </header>
      {chat.data && <ChatAssignment chatId={chat.data.id} assignee={chat.data.assignee} />}
      {setStatus.isError && (
        <div className="p-3">
          <ErrorMessage>Could not change the chat's status. Please try again.</ErrorMessage>
        </div>
      )}
      <QueryState
        query={chat}
        pending="Loading Messages..."
        error={(error) => (
          <div className="p-5">
            <ErrorMessage>{error instanceof ApiError && error.status === 404 ? 'This chat was not found.' : 'Could not load this chat.'}</ErrorMessage>
          </div>
        )}
      >
        {(data) => (
          <>
            <MessageList messages={data.messages} viewer={{ kind: 'staff', customerName: data.customer.name || data.customer.email }} older={chat} marked={marked} />
            {data.status === 'CLOSED' ? (
              <p role="status" className="border-t border-slate-200 bg-slate-100 p-4 text-center font-medium text-slate-700">
                This conversation has been closed. Reopen it to reply.
              </p>
            ) : (
              <>
                <TypingIndicator chatId={data.id} side="user" who={data.customer.name || data.customer.email} />
                <MessageForm key={data.id} chatId={data.id} asStaff />
              </>
            )}
            <ChatNotes key={`notes-${data.id}`} chatId={data.id} />
          </>
        )}
      </QueryState>
    </section>
  );
}
