import type { Config } from '../../config.ts';

/**
 * The origins the portal is served at. With `PUBLIC_URL` set, that one alone; without it both loopback names of
 * the port, so that http://localhost:3000 and http://127.0.0.1:3000 both work on a developer's machine (cookies
 * are host-only, so each keeps its own session).
 */
export function trustedOrigins(config: Config): string[] {
  if (config.PUBLIC_URL) return [new URL(config.publicUrl).origin];
  return [`http://localhost:${config.PORT}`, `http://127.0.0.1:${config.PORT}`];
}

/** What a refused origin is told: which setting decides, so the person who runs the portal knows what to change. */
export function untrustedOriginMessage(config: Config, origin: string): string {
  const allowed = trustedOrigins(config).join(' and ');
  return config.PUBLIC_URL
    ? `This request came from ${origin}, but the portal only accepts requests from ${allowed} (PUBLIC_URL). Open the portal at that address, or set PUBLIC_URL to the address people use.`
    : `This request came from ${origin}, but without PUBLIC_URL the portal only accepts requests from ${allowed}. Set PUBLIC_URL to the address people use.`;
}
