import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../fixtures';

// The embedded video service is outside the test machine: answer it with an empty page.
test.beforeEach(async ({ page }) => {
  await page.route(/youtube|vimeo/, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>video</title>' }),
  );
});

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the landing page has every section, a muted looping hero video and its links', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Your Business Your App', level: 1 })).toBeVisible();
      await expect(
        page.getByText(
          /take orders, book clients, process payments, manage operations and market your business, with no high commission fees/,
        ),
      ).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Trusted by 1,000+ locations' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Why choose Your Business Your App?' })).toBeVisible();
      await expect(page.locator('section[aria-labelledby="why-heading"] li')).toHaveCount(5);
      await expect(page.getByRole('heading', { name: 'Made for home-based businesses' })).toBeVisible();
      const download = page.locator('section[aria-labelledby="download-heading"]');
      await expect(download.getByRole('link', { name: /App Store/ })).toHaveAttribute(
        'href',
        /^https:\/\/apps\.apple\.com\//,
      );
      await expect(download.getByRole('link', { name: /Google Play/ })).toHaveAttribute(
        'href',
        /^https:\/\/play\.google\.com\//,
      );
      const site = (await (await page.request.get('/api/site')).json()) as { links: { menuSync: string } };
      await expect(page.getByRole('link', { name: /Learn more about Menu Sync/ })).toHaveAttribute(
        'href',
        site.links.menuSync,
      );

      const hero = page.locator('video').first();
      await expect(hero).toHaveAttribute('poster', '/media/video/hero.svg');
      // The page's own script plays the clip while it is in view; the one below the fold waits, fetching nothing.
      await expect.poll(() => hero.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
      const menuSync = page.getByLabel(/A price changed in the Menu Sync web editor/);
      expect(await menuSync.evaluate((v: HTMLVideoElement) => [v.paused, v.preload])).toEqual([true, 'none']);
      await expect(hero).toHaveAttribute('loop', '');
      await expect(hero).toHaveAttribute('playsinline', '');
      expect(await hero.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
      // The below-the-fold images keep their space before they load (no layout shift) and load lazily.
      for (const img of await page.locator('main img').all()) {
        await expect(img).toHaveAttribute('width', /\d+/);
        await expect(img).toHaveAttribute('loading', 'lazy');
      }
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
      await page.getByRole('link', { name: 'Get Started' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    });

    test('how it works has its hero, our own looping video, four steps and call to action', async ({ page }) => {
      await page.goto('/how-it-works');
      await expect(
        page.getByRole('heading', { name: 'Your Brand, Our Platform, Launched in Days', level: 1 }),
      ).toBeVisible();
      // No outside video is configured: the page plays our own clip, which works offline.
      await expect(page.locator('iframe')).toHaveCount(0);
      const video = page.getByLabel(/^How Your Business Your App works/);
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
      await expect(video).toHaveAttribute('loop', '');
      expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThan(0);
      const steps = [
        'Subscribe & Share Your Brand',
        'Connect Your Payments',
        'We Build & Launch',
        'Take Control & Grow',
      ];
      for (const step of steps) await expect(page.getByRole('heading', { name: step })).toBeVisible();
      await expect(page.getByText(/logo, your colours and the images/)).toBeVisible();
      await expect(page.getByText(/wallet payments and buy-now-pay-later/)).toBeVisible();
      await expect(
        page.getByText(/iOS app, Android app and website, handles the app store submissions/),
      ).toBeVisible();
      await expect(page.getByText(/promotional boost to our social audience/)).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Ready to Get Started?' })).toBeVisible();
      await expect(
        page.getByText('Join hundreds of businesses growing with their own branded app and website.'),
      ).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
      await page.getByRole('link', { name: 'View Plans & Pricing' }).click();
      await expect(page).toHaveURL(/\/select-plan$/);
    });

    test('the portfolio shows the store listings and three cards with their buttons', async ({ page }) => {
      await page.goto('/portfolio');
      await expect(page.getByRole('heading', { name: 'Our Work', level: 1 })).toBeVisible();
      await expect(page.getByRole('article')).toHaveCount(3);
      await expect(page.getByRole('link', { name: /^View on App Store/ })).toHaveCount(2);
      await expect(page.getByRole('link', { name: /^View on Play Store/ })).toHaveCount(2);
      await expect(page.getByRole('link', { name: /^Visit Website/ })).toHaveCount(1);
      await expect(page.getByRole('main').getByRole('link', { name: /App Store$/ })).toHaveAttribute(
        'href',
        /^https:\/\//,
      );
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
    });

    test('the legal pages cover every topic and carry their date', async ({ page }) => {
      await page.goto('/terms');
      await expect(page.getByRole('heading', { name: 'Terms of Service', level: 1 })).toBeVisible();
      await expect(page.getByText('Last Updated: July 21, 2025')).toBeVisible();
      for (const topic of [
        'Accounts',
        'Subscriptions and Billing',
        'Refund Policy',
        'User Conduct',
        'Intellectual Property',
        'Termination',
        'Limitation of Liability',
        'Disclaimer',
        'Governing Law',
        'Changes to These Terms',
        'Contact',
      ]) {
        await expect(page.getByRole('heading', { name: new RegExp(`^\\d+\\. ${topic}$`) })).toBeVisible();
      }
      for (const rule of [
        /Recurring billing cycle/,
        /Auto-renewal/,
        /Payment method authorisation/,
        /only at the end of your current billing cycle/,
        /All sales are final/,
        /at our sole discretion/,
        /at least 30 days' notice/,
      ]) {
        await expect(page.getByText(rule)).toBeVisible();
      }
      await expectAccessible(page);

      await page.goto('/privacy');
      await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
      await expect(page.getByText('Last Updated: July 21, 2025')).toBeVisible();
      for (const topic of [
        'Information We Collect',
        'How We Use Your Information',
        'How We Share Your Information',
        'Data Security',
        'Your Choices',
        'Changes to This Policy',
        'Contact',
      ]) {
        await expect(page.getByRole('heading', { name: new RegExp(`^\\d+\\. ${topic}$`) })).toBeVisible();
      }
      for (const item of [
        /Information you provide/,
        /Information collected automatically/,
        /token for your card with its expiry date, the card type/,
        /last four digits/,
        /Cookies:/,
      ]) {
        await expect(page.getByText(item)).toBeVisible();
      }
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
    });
  });
}

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('videos do not play by themselves and offer controls', async ({ page }) => {
    await page.goto('/');
    const hero = page.locator('video').first();
    await expect(hero).toHaveAttribute('controls', '');
    await expect(hero).not.toHaveAttribute('autoplay', '');
    expect(await hero.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await page.goto('/how-it-works');
    const clip = page.getByLabel(/^How Your Business Your App works/);
    await expect(clip).toHaveAttribute('controls', '');
    await expect(clip).not.toHaveAttribute('autoplay', '');
  });
});
