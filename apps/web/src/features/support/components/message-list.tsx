import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { LoadMore, type PagedList } from '@/components/ui/load-more';
import { MediaViewer } from './media-viewer';
import { MessageBubble, type ChatViewer, type Media, type ShownMessage } from './message-bubble';

/** How near the top (in pixels) scrolling up reads the page of older messages. */
const NEAR_TOP = 80;
/** How near the bottom (in pixels) the reader counts as reading the newest messages. */
const NEAR_BOTTOM = 120;

/**
 * The conversation, oldest first, scrolled smoothly to the newest message when one arrives while the reader is at
 * the newest ones (or wrote it). Older messages load a page at a time (`older`): on scrolling up to the top, or with
 * "Load older messages"; the messages in view stay where they are while the older ones appear above, and a live
 * event keeps them (the first page is read again, `usePages`' `keepOlder`). The customer sees "Seen" under their last message once
 * support has read it (`supportReadTimestamp`).
 */
export function MessageList({
  messages,
  viewer = { kind: 'customer' },
  supportReadTimestamp = null,
  older,
  marked = null,
}: {
  messages: ShownMessage[];
  /** The id of the message a link opened the conversation at. */
  marked?: string | null;
  viewer?: ChatViewer;
  supportReadTimestamp?: number | null;
  older?: PagedList;
}) {
  const [media, setMedia] = useState<Media | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  // Where the reader is, as distance from the bottom (which older messages do not move) and the last scrollTop.
  const position = useRef({ fromBottom: 0, top: 0 });
  const newest = messages.at(-1)?.id;
  const oldest = messages[0]?.id;
  const lastOwn = viewer.kind === 'customer' ? [...messages].reverse().find((m) => m.messengerType === 'user') : undefined;
  const seenId = lastOwn && supportReadTimestamp !== null && lastOwn.sentTimestamp <= supportReadTimestamp ? lastOwn.id : null;

  // Opening the conversation jumps to the newest message. One that arrives later is scrolled to smoothly when the
  // reader is at the newest messages or wrote it; a reader up among older messages stays where they are.
  const opened = useRef(false);
  const last = messages.at(-1);
  const newestIsOwn = last !== undefined && (last.messengerType === 'support') === (viewer.kind === 'staff');
  useEffect(() => {
    const element = scroller.current;
    if (!element || newest === undefined) return;
    const atNewest = position.current.fromBottom - element.clientHeight < NEAR_BOTTOM;
    if (opened.current && !atNewest && !newestIsOwn) {
      position.current = { fromBottom: element.scrollHeight - element.scrollTop, top: element.scrollTop };
      return;
    }
    element.scrollTo({ top: element.scrollHeight, behavior: opened.current ? 'smooth' : 'auto' });
    opened.current = true;
  }, [newest, newestIsOwn]);

  // Older messages came in above: keep the ones the reader was looking at in place.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && position.current.fromBottom > 0) element.scrollTop = element.scrollHeight - position.current.fromBottom;
  }, [oldest]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    const goingUp = element.scrollTop < position.current.top;
    position.current = { fromBottom: element.scrollHeight - element.scrollTop, top: element.scrollTop };
    if (goingUp && element.scrollTop < NEAR_TOP && older?.hasNextPage && !older.isFetchingNextPage) void older.fetchNextPage();
  };

  return (
    <>
      <div
        ref={scroller}
        role="log"
        aria-label="Messages"
        tabIndex={0}
        onScroll={onScroll}
        className="h-[60vh] min-h-72 overflow-y-auto bg-slate-50 p-3 sm:p-5"
      >
        {older && <LoadMore list={older} label="Load older messages" className="mb-3" />}
        <ol className="space-y-3">
          {messages.map((message) => (
            <MessageBubble key={message.id} message={message} onOpenMedia={setMedia} viewer={viewer} seen={message.id === seenId} marked={message.id === marked} />
          ))}
        </ol>
      </div>
      <MediaViewer media={media} onClose={() => setMedia(null)} />
    </>
  );
}
