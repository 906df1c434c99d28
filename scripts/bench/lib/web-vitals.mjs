// Lab measurement of LCP and CLS in Chromium, throttled through the DevTools protocol like Lighthouse's mobile run.
/* global window, document, MutationObserver -- the functions given to the page run in the browser */

const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
};
// Lighthouse's "slow 4G" profile and its 4x CPU slowdown of a mid-range phone.
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1638.4 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;

/** Installed before the page's own scripts: records the latest LCP candidate and CLS by session windows. */
function observeVitals() {
  const vitals = { lcp: 0, lcpElement: '', cls: 0 };
  window.__vitals = vitals;
  const describe = (el) =>
    el
      ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.textContent || el.getAttribute('poster') || el.getAttribute('src') || '').trim().slice(0, 30)}"`
      : '';
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      vitals.lcp = entry.startTime;
      vitals.lcpElement = describe(entry.element) || entry.url;
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  // CLS: the worst window of shifts less than 1 s apart and at most 5 s long, ignoring shifts caused by input.
  let shifts = 0;
  let windowStart = 0;
  let previous = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      if (entry.startTime - previous > 1000 || entry.startTime - windowStart > 5000) {
        shifts = 0;
        windowStart = entry.startTime;
      }
      shifts += entry.value;
      previous = entry.startTime;
      vitals.cls = Math.max(vitals.cls, shifts);
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/**
 * Installed before the page's own scripts: records when an element matching `selector` is first in the document (the
 * page's own content, e.g. its first data row), which LCP does not tell when a larger element (the footer's text)
 * painted earlier.
 */
function observeContent(selector) {
  const mark = () => {
    if (window.__contentShown === undefined && document.querySelector(selector)) window.__contentShown = performance.now();
  };
  new MutationObserver(mark).observe(document, { childList: true, subtree: true, characterData: true });
}

/**
 * One cold load of `url` on the throttled phone: LCP (ms) and its element, then CLS after scrolling to the end.
 * `cookies` signs the load in; with `contentSelector`, `content` is when the page's own content was first shown (ms).
 */
export async function measurePageLoad(browser, url, { cookies = [], contentSelector } = {}) {
  const context = await browser.newContext(PHONE);
  if (cookies.length) await context.addCookies(cookies);
  await context.addInitScript(observeVitals);
  if (contentSelector) await context.addInitScript(observeContent, contentSelector);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  try {
    await page.goto(url, { waitUntil: 'networkidle', timeout: 90_000 });
    await page.waitForTimeout(1000);
    if (contentSelector) await page.waitForSelector(contentSelector, { timeout: 30_000 });
    const { lcp, lcpElement } = await page.evaluate(() => window.__vitals);
    const content = contentSelector ? await page.evaluate(() => window.__contentShown) : undefined;
    // Scroll down the way a reader would, so that lazy images load and any shift they cause is counted.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y <= height; y += 400) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(250);
    }
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    const { cls } = await page.evaluate(() => window.__vitals);
    return { lcp, lcpElement, cls, content };
  } finally {
    await context.close();
  }
}
