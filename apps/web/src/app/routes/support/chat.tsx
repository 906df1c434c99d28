import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { ApiError } from '@/lib/api-client';
import { ErrorMessage } from '@/components/ui/page';
import { QueryState } from '@/components/ui/query-state';
import { useChat } from '@/features/support/api/chats';
import { ChatRating } from '@/features/support/components/chat-rating';
import { ChatStatusBadge } from '@/features/support/components/chat-status-badge';
import { TypingIndicator } from '@/features/support/components/typing-indicator';
import { MessageForm } from '@/features/support/components/message-form';
import { MessageList } from '@/features/support/components/message-list';
import { paths } from '@/lib/paths';
import { useChatPresence } from '@/features/notifications/api/notifications';

export function Component() {
  const chatId = useParams().chatId ?? '';
  const chat = useChat(chatId);
  useChatPresence(chatId, chat.data?.messages.length ?? 0);

  return (
    <div className="mx-auto w-full max-w-3xl px-2 py-4 sm:px-6 sm:py-8">
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        <header className="flex items-center gap-3 border-b border-slate-200 px-3 py-3 sm:px-5">
          <Link
            to={paths.support()}
            aria-label="Back to Support"
            className="rounded-full p-2 text-slate-700 hover:bg-slate-100"
          >
            <ArrowLeft className="h-5 w-5" aria-hidden="true" />
          </Link>
          <h1 className="flex-1 text-lg font-bold text-slate-900 sm:text-xl">Support Chat</h1>
          {chat.data && <ChatStatusBadge status={chat.data.status} />}
        </header>
        <QueryState
          query={chat}
          pending="Loading Messages..."
          error={(error) => (
            <div className="p-5">
              <ErrorMessage>
                {error instanceof ApiError && error.status === 404
                  ? 'This chat was not found.'
                  : 'Could not load this chat. Please try again later.'}
              </ErrorMessage>
            </div>
          )}
        >
          {(data) => (
            <>
              <MessageList messages={data.messages} supportReadTimestamp={data.supportReadTimestamp} older={chat} />
              {data.status === 'CLOSED' ? (
                <>
                  <p
                    role="status"
                    className="border-t border-slate-200 bg-slate-100 p-4 text-center font-medium text-slate-700"
                  >
                    This conversation has been closed.
                  </p>
                  <ChatRating chatId={data.id} />
                </>
              ) : (
                <>
                  <TypingIndicator chatId={data.id} side="support" who="Support" />
                  <MessageForm chatId={data.id} />
                </>
              )}
            </>
          )}
        </QueryState>
      </div>
    </div>
  );
}
