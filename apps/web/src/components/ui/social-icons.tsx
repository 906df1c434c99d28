export type SocialNetwork = 'instagram' | 'facebook' | 'tiktok' | 'x';

const PATHS: Record<SocialNetwork, string> = {
  instagram:
    'M12 7a5 5 0 100 10 5 5 0 000-10zm0 8.2a3.2 3.2 0 110-6.4 3.2 3.2 0 010 6.4zM17.3 5.5a1.2 1.2 0 100 2.4 1.2 1.2 0 000-2.4zM21 7.6c-.1-1.6-.4-3-1.6-4.1S16.9 2.1 15.3 2C13.7 2 10.3 2 8.7 2 7.1 2.1 5.7 2.4 4.5 3.6S3 6 3 7.6C2.9 9.2 2.9 14.8 3 16.4c.1 1.6.4 3 1.6 4.1s2.5 1.5 4.1 1.6c1.6.1 5 .1 6.6 0 1.6-.1 3-.4 4.1-1.6s1.5-2.5 1.6-4.1c.1-1.6.1-7.2 0-8.8z',
  facebook: 'M14 8V6c0-.9.2-1.5 1.6-1.5H17V1.2C16.7 1.1 15.6 1 14.4 1 11.8 1 10 2.6 10 5.5V8H7v3.6h3V23h4V11.6h3l.5-3.6H14z',
  tiktok:
    'M19.6 6.7a4.8 4.8 0 01-3.8-4.2V2h-3.4v13.6a2.9 2.9 0 11-2-2.7V9.4a6.3 6.3 0 105.4 6.2V8.8a8.2 8.2 0 003.8 1.2V6.7z',
  x: 'M17.8 2H21l-7 8 8.2 12h-6.4l-5-7.3L5 22H1.8l7.5-8.6L1.4 2h6.6l4.5 6.6L17.8 2zm-1.1 18h1.8L7.4 3.9H5.5L16.7 20z',
};

export function SocialIcon({ network }: { network: SocialNetwork }) {
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor" aria-hidden="true">
      <path d={PATHS[network]} fillRule="evenodd" clipRule="evenodd" />
    </svg>
  );
}
