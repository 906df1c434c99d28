import { useCallback, useEffect, useRef, useState } from 'react';
import { supportInboxRoutes } from '@portal/contracts/routes/support-inbox.routes';
import { TYPING_SHOWN_MS, TYPING_THROTTLE_MS, typingTopic } from '@portal/contracts/support-inbox';
import { api } from '@/lib/api-client';
import { TYPING_EVENT } from '@/lib/typing-event';

/** Tells the other side that this reader types, at most once per `TYPING_THROTTLE_MS`; a failure is of no matter. */
export function useTypingSignal(chatId: string) {
  const last = useRef(0);
  return useCallback(() => {
    const now = Date.now();
    if (now - last.current < TYPING_THROTTLE_MS) return;
    last.current = now;
    api(supportInboxRoutes.signalTyping, { params: { chatId } }).catch(() => undefined);
  }, [chatId]);
}

/** Whether someone of `side` typed in the chat in the last `TYPING_SHOWN_MS` (from the live events). */
export function useTyping(chatId: string, side: 'user' | 'support') {
  const [typing, setTyping] = useState(false);
  useEffect(() => {
    const topic = typingTopic(chatId, side);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const heard = (event: Event) => {
      if ((event as CustomEvent<string>).detail !== topic) return;
      setTyping(true);
      clearTimeout(timer);
      timer = setTimeout(() => setTyping(false), TYPING_SHOWN_MS);
    };
    window.addEventListener(TYPING_EVENT, heard);
    return () => {
      window.removeEventListener(TYPING_EVENT, heard);
      clearTimeout(timer);
    };
  }, [chatId, side]);
  return typing;
}
