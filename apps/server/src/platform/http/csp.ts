import type { Config } from '../../config.ts';

const SQUARE_SDK = ['https://web.squarecdn.com', 'https://sandbox.web.squarecdn.com'];
const SQUARE_API = ['https://pci-connect.squareup.com', 'https://pci-connect.squareupsandbox.com', 'https://o160250.ingest.sentry.io'];

/** One policy for the whole site: our own origin, plus Square's card form and the embedded video host (when one is set). */
export function contentSecurityPolicy(config: Config) {
  const videoOrigins = config.LINK_VIDEO_EMBED ? [new URL(config.LINK_VIDEO_EMBED).origin] : [];
  const usesSquare = config.SQUARE_ENVIRONMENT !== 'local';
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'self'"],
      formAction: ["'self'"],
      scriptSrc: ["'self'", ...(usesSquare ? SQUARE_SDK : [])],
      styleSrc: ["'self'", "'unsafe-inline'", ...(usesSquare ? SQUARE_SDK : [])],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      mediaSrc: ["'self'", 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...(usesSquare ? [...SQUARE_SDK, ...SQUARE_API] : [])],
      frameSrc: ["'self'", ...videoOrigins, ...(usesSquare ? SQUARE_SDK : [])],
      workerSrc: ["'self'", 'blob:'],
      ...(config.publicUrl.startsWith('https://') ? { upgradeInsecureRequests: [] } : {}),
    },
  };
}
