/**
 * The images of a store listing as the stores check them: the icon, and the screenshots of each device size. The
 * server reads the sizes from the stored file's bytes; the web form checks a chosen file before uploading it.
 */

export const IMAGE_FORMATS = ['png', 'jpeg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** What is known of an image: its format, its size in pixels, and whether its PNG colour type carries alpha. */
export interface ImageFacts {
  format: ImageFormat | 'other';
  width: number;
  height: number;
  hasAlpha: boolean;
}

export const ICON_SIZE = 1024;

/** Why an image cannot be the app icon (a 1024 x 1024 PNG without transparency), or null. */
export function iconProblem(image: ImageFacts): string | null {
  if (image.format !== 'png') return 'The app icon must be a PNG file.';
  if (image.width !== ICON_SIZE || image.height !== ICON_SIZE)
    return `The app icon must be ${ICON_SIZE} x ${ICON_SIZE} pixels; this one is ${image.width} x ${image.height}.`;
  if (image.hasAlpha) return 'The app icon must have no transparency: save it as a PNG without an alpha channel.';
  return null;
}

type Size = readonly [width: number, height: number];

interface DeviceRule {
  /** As the form and the messages name it. */
  label: string;
  /** Which store asks for these, and how many. */
  store: string;
  min: number;
  max: number;
  /** Exact portrait sizes (landscape: the same turned), or null for a range of sizes. */
  sizes: readonly Size[] | null;
  /** In words, for the form and for a refusal. */
  rule: string;
}

/**
 * App Store Connect takes 1 to 10 screenshots a device size, at the sizes it lists (the 6.9" iPhone is required,
 * the 13" iPad only for an iPad app); Google Play takes 2 to 8 phone screenshots, each side 320 to 3840 pixels and
 * the long side at most twice the short one.
 */
export const SCREENSHOT_DEVICES = {
  iphone69: {
    label: 'iPhone 6.9"',
    store: 'App Store',
    min: 1,
    max: 10,
    sizes: [
      [1320, 2868],
      [1290, 2796],
    ],
    rule: '1320 x 2868 or 1290 x 2796 pixels, portrait or landscape',
  },
  ipad13: {
    label: 'iPad 13"',
    store: 'App Store (optional)',
    min: 0,
    max: 10,
    sizes: [
      [2064, 2752],
      [2048, 2732],
    ],
    rule: '2064 x 2752 or 2048 x 2732 pixels, portrait or landscape',
  },
  androidPhone: {
    label: 'Android phone',
    store: 'Google Play',
    min: 2,
    max: 8,
    sizes: null,
    rule: 'each side 320 to 3840 pixels, the long side at most twice the short one',
  },
} as const satisfies Record<string, DeviceRule>;
export type ScreenshotDevice = keyof typeof SCREENSHOT_DEVICES;
export const SCREENSHOT_DEVICE_NAMES = Object.keys(SCREENSHOT_DEVICES) as ScreenshotDevice[];

const ANDROID_SIDE = { min: 320, max: 3840 } as const;

function fits(device: ScreenshotDevice, { width, height }: ImageFacts): boolean {
  const sizes: readonly Size[] | null = SCREENSHOT_DEVICES[device].sizes;
  if (sizes) return sizes.some(([w, h]) => (width === w && height === h) || (width === h && height === w));
  const short = Math.min(width, height);
  const long = Math.max(width, height);
  return short >= ANDROID_SIDE.min && long <= ANDROID_SIDE.max && long <= 2 * short;
}

/** Why an image cannot be a screenshot of this device size, or null. */
export function screenshotProblem(device: ScreenshotDevice, image: ImageFacts): string | null {
  const { label, rule } = SCREENSHOT_DEVICES[device];
  if (image.format === 'other') return 'Screenshots must be PNG or JPEG files.';
  if (!fits(device, image)) return `${label} screenshots must be ${rule}; this one is ${image.width} x ${image.height}.`;
  return null;
}
