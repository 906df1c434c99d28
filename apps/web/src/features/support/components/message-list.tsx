import { useEffect, useRef, useState } from 'react';
import type { ChatMessage } from '@portal/contracts/support';
import { MediaViewer } from './media-viewer';
import { MessageBubble, type Media } from './message-bubble';

/** The conversation, oldest first, scrolled smoothly to the newest message whenever one arrives. */
export function MessageList({ messages }: { messages: ChatMessage[] }) {
  const [media, setMedia] = useState<Media | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const newest = messages.at(-1)?.id;

  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTo({ top: element.scrollHeight, behavior: 'smooth' });
  }, [newest]);

  return (
    <>
      <div ref={scroller} role="log" aria-label="Messages" tabIndex={0} className="h-[60vh] min-h-72 overflow-y-auto bg-slate-50 p-3 sm:p-5">
        <ol className="space-y-3">
          {messages.map((message) => (
            <MessageBubble key={message.id} message={message} onOpenMedia={setMedia} />
          ))}
        </ol>
      </div>
      <MediaViewer media={media} onClose={() => setMedia(null)} />
    </>
  );
}
