import { Link } from 'react-router';
import { MessageSquarePlus } from 'lucide-react';
import { buttonClass } from '@/components/ui/button';
import { ErrorMessage, Page, StatusMessage } from '@/components/ui/page';
import { useChats } from '../api/get-chats';
import { ChatListItem } from '../components/chat-list-item';

export function Component() {
  const chats = useChats();
  return (
    <Page
      title="Support Center"
      actions={
        <Link to="/create-chat" className={buttonClass('primary')}>
          <MessageSquarePlus className="h-4 w-4" aria-hidden="true" /> Create New Chat
        </Link>
      }
    >
      {chats.isPending ? (
        <StatusMessage>Loading Your Chats...</StatusMessage>
      ) : chats.isError ? (
        <ErrorMessage>Could not load your support chats. Please try again later.</ErrorMessage>
      ) : chats.data.length === 0 ? (
        <StatusMessage>You have no support chats yet. Create one and our team will get back to you.</StatusMessage>
      ) : (
        <ul className="space-y-3" aria-label="Your support chats">
          {chats.data.map((chat) => (
            <ChatListItem key={chat.id} chat={chat} />
          ))}
        </ul>
      )}
    </Page>
  );
}
