function Badge({ href, top, bottom, icon }: { href: string; top: string; bottom: string; icon: 'apple' | 'play' }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex h-12 min-w-40 items-center gap-2 rounded-lg border border-slate-600 bg-black px-3 text-white hover:border-white"
    >
      {icon === 'apple' ? (
        <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true" fill="currentColor">
          <path d="M16.4 12.6c0-2.4 2-3.6 2.1-3.7-1.2-1.7-3-1.9-3.6-2-1.5-.2-3 .9-3.8.9-.8 0-2-.9-3.3-.9-1.7 0-3.3 1-4.2 2.5-1.8 3.1-.5 7.7 1.3 10.2.9 1.2 1.9 2.6 3.2 2.6 1.3-.1 1.8-.8 3.3-.8s2 .8 3.3.8c1.4 0 2.2-1.2 3.1-2.5 1-1.4 1.4-2.8 1.4-2.9-.1 0-2.8-1.1-2.8-4.2zM14 5.3c.7-.8 1.2-2 1-3.1-1 0-2.2.7-2.9 1.5-.6.7-1.2 1.9-1 3 1.1.1 2.2-.6 2.9-1.4z" />
        </svg>
      ) : (
        <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true">
          <path d="M3.6 2.3l10.6 10.6L3.6 23.5c-.4-.2-.6-.7-.6-1.2V3.5c0-.5.2-1 .6-1.2z" fill="#34d399" />
          <path d="M17.6 9.5l-3.4 3.4 3.4 3.4 3.8-2.2c1.1-.6 1.1-1.8 0-2.4l-3.8-2.2z" fill="#fbbf24" />
          <path d="M3.6 2.3c.3-.1.7-.1 1.1.1l12.9 7.1-3.4 3.4L3.6 2.3z" fill="#60a5fa" />
          <path d="M14.2 12.9l3.4 3.4-12.9 7.1c-.4.2-.8.2-1.1.1l10.6-10.6z" fill="#f87171" />
        </svg>
      )}
      <span className="flex flex-col leading-tight">
        <span className="text-[10px] uppercase">{top}</span>
        <span className="text-sm font-semibold">{bottom}</span>
      </span>
    </a>
  );
}

type StoreLink = string | null | undefined;

/** Whether there is a store to link to (the server has no store links unless they are set, in production). */
export const hasStoreLink = (appStore: StoreLink, playStore: StoreLink) => Boolean(appStore || playStore);

/** Download links for the iOS and Android apps: a badge for each store whose link is set. */
export function StoreBadges({ appStore, playStore, className = '' }: { appStore: StoreLink; playStore: StoreLink; className?: string }) {
  if (!hasStoreLink(appStore, playStore)) return null;
  return (
    <div className={`flex flex-wrap gap-3 ${className}`}>
      {appStore && <Badge href={appStore} top="Download on the" bottom="App Store" icon="apple" />}
      {playStore && <Badge href={playStore} top="Get it on" bottom="Google Play" icon="play" />}
    </div>
  );
}
