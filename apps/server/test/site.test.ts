import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers.ts';

let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

const frameSources = (csp: string) => csp.split(';').find((d) => d.trim().startsWith('frame-src')) ?? '';

describe('the how-it-works video setting', () => {
  it('is off by default: no outside video, and no outside frame allowed', async () => {
    ctx = await createTestApp();
    const res = await ctx.app.inject({ url: '/api/site' });
    expect(res.json().links.videoEmbed).toBeNull();
    expect(frameSources(String(res.headers['content-security-policy']))).not.toContain('https://');
  });

  it('embeds the configured video and lets its host be framed', async () => {
    ctx = await createTestApp({ env: { LINK_VIDEO_EMBED: 'https://player.vimeo.com/video/123' } });
    const res = await ctx.app.inject({ url: '/api/site' });
    expect(res.json().links.videoEmbed).toBe('https://player.vimeo.com/video/123');
    expect(frameSources(String(res.headers['content-security-policy']))).toContain('https://player.vimeo.com');
  });
});
