import { Link } from 'react-router';
import { MessageSquarePlus } from 'lucide-react';
import { buttonClass } from '@/components/ui/button';
import { LoadMore } from '@/components/ui/load-more';
import { Page } from '@/components/ui/page';
import { QueryState } from '@/components/ui/query-state';
import { useChats } from '@/features/support/api/chats';
import { ChatListItem } from '@/features/support/components/chat-list-item';
import { paths } from '@/lib/paths';

export function Component() {
  const chats = useChats();
  return (
    <Page
      title="Support Center"
      actions={
        <Link to={paths.createChat()} className={buttonClass('primary')}>
          <MessageSquarePlus className="h-4 w-4" aria-hidden="true" /> Create New Chat
        </Link>
      }
    >
      <QueryState
        query={chats}
        pending="Loading Your Chats..."
        error="Could not load your support chats. Please try again later."
        empty="You have no support chats yet. Create one and our team will get back to you."
      >
        {(list) => (
          <>
            <ul className="space-y-3" aria-label="Your support chats">
              {list.map((chat) => (
                <ChatListItem key={chat.id} chat={chat} />
              ))}
            </ul>
            <LoadMore list={chats} />
          </>
        )}
      </QueryState>
    </Page>
  );
}
