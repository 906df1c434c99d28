import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { ALERT_COUNT_CAP } from '@portal/contracts/team-inbox';
import { paths } from '@/lib/paths';
import { useInboxAlerts } from '../api/team-inbox';

const COUNT_PREFIX = /^\(\d+\+?\) /;

/** The tab title with the count in front, "(3) ..." (or "(99+) ..."), or without one at 0. */
export const titleWithCount = (title: string, count: number) => {
  const base = title.replace(COUNT_PREFIX, '');
  return count > 0 ? `(${count > ALERT_COUNT_CAP ? `${ALERT_COUNT_CAP}+` : count}) ${base}` : base;
};

/**
 * The inbox's alerts on every staff page (decision 0060): the number of chats waiting for this staff member in the
 * tab title, and a browser notification when a new one arrives (a new chat, or a customer's reply to a chat of theirs
 * or no one's), each as their settings say. Kept live by the `chats` topic; renders nothing.
 */
export function InboxAlerts() {
  const { data } = useInboxAlerts();
  const navigate = useNavigate();

  useEffect(() => {
    document.title = titleWithCount(document.title, data?.preferences.tabTitleCount ? data.waiting : 0);
  }, [data]);
  useEffect(() => () => void (document.title = titleWithCount(document.title, 0)), []);

  // What was waiting when the page opened is not news: only a later arrival notifies.
  const lastSeen = useRef<number | null>(null);
  useEffect(() => {
    if (!data) return;
    const newest = data.newest;
    if (lastSeen.current === null || !newest || newest.timestamp <= lastSeen.current) {
      lastSeen.current = Math.max(lastSeen.current ?? 0, newest?.timestamp ?? 0);
      return;
    }
    lastSeen.current = newest.timestamp;
    if (!data.preferences.browserNotifications || typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    const chatPath = paths.staffChat(newest.chatId);
    if (document.visibilityState === 'visible' && window.location.pathname === chatPath) return;
    const notification = new Notification(`${newest.customerName} wrote to support`, { body: newest.lastMessage, tag: newest.chatId });
    notification.onclick = () => {
      window.focus();
      void navigate(chatPath);
      notification.close();
    };
  }, [data, navigate]);

  return null;
}
