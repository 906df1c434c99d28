import { useEffect, useRef, useState } from 'react';
import { MediaViewer } from './media-viewer';
import { MessageBubble, type ChatViewer, type Media, type ShownMessage } from './message-bubble';

/**
 * The conversation, oldest first, scrolled smoothly to the newest message whenever one arrives. The customer sees
 * "Seen" under their last message once support has read it (`supportReadTimestamp`).
 */
export function MessageList({
  messages,
  viewer = { kind: 'customer' },
  supportReadTimestamp = null,
}: {
  messages: ShownMessage[];
  viewer?: ChatViewer;
  supportReadTimestamp?: number | null;
}) {
  const [media, setMedia] = useState<Media | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const newest = messages.at(-1)?.id;
  const lastOwn = viewer.kind === 'customer' ? [...messages].reverse().find((m) => m.messengerType === 'user') : undefined;
  const seenId = lastOwn && supportReadTimestamp !== null && lastOwn.sentTimestamp <= supportReadTimestamp ? lastOwn.id : null;

  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTo({ top: element.scrollHeight, behavior: 'smooth' });
  }, [newest]);

  return (
    <>
      <div ref={scroller} role="log" aria-label="Messages" tabIndex={0} className="h-[60vh] min-h-72 overflow-y-auto bg-slate-50 p-3 sm:p-5">
        <ol className="space-y-3">
          {messages.map((message) => (
            <MessageBubble key={message.id} message={message} onOpenMedia={setMedia} viewer={viewer} seen={message.id === seenId} />
          ))}
        </ol>
      </div>
      <MediaViewer media={media} onClose={() => setMedia(null)} />
    </>
  );
}
