/** What a person recognises a device by, read from its user agent: the browser, the system, phone or not. */
export interface DeviceKind {
  browser: string | null;
  os: string | null;
  mobile: boolean;
}

// First match wins: Edge and Opera also say Chrome, Chrome also says Safari, Android also says Linux.
const BROWSERS: [RegExp, string][] = [
  [/Edg(A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|Chromium\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** Reads a user agent; what it does not tell stays null. */
export function deviceKindOf(userAgent: string | null): DeviceKind {
  const agent = userAgent ?? '';
  return {
    browser: BROWSERS.find(([pattern]) => pattern.test(agent))?.[1] ?? null,
    os: SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1] ?? null,
    mobile: /Mobi|iPhone|iPad|iPod|Android/.test(agent),
  };
}
