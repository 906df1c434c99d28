import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { HowItWorksVideo } from './how-it-works-video';

// jsdom has no media queries and no media playback: a visitor who asked for no reduced motion.
beforeEach(() => {
  HTMLMediaElement.prototype.play = () => Promise.resolve();
  HTMLMediaElement.prototype.pause = () => undefined;
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList;
});
afterEach(cleanup);

describe('the how-it-works video', () => {
  it('plays our own clip when no outside video is configured', () => {
    const { container } = render(<HowItWorksVideo embed={null} loading={false} />);
    expect(container.querySelector('iframe')).toBeNull();
    const video = screen.getByLabelText(/^How Your Business Your App works/);
    expect(video.tagName).toBe('VIDEO');
    expect(video.querySelector('source[type="video/mp4"]')?.getAttribute('src')).toBe('/media/video/hero.mp4');
  });

  it('embeds the configured outside video, muted and looping', () => {
    render(<HowItWorksVideo embed="https://www.youtube-nocookie.com/embed/abc123" loading={false} />);
    const frame = screen.getByTitle('How Your Business Your App works');
    expect(frame.tagName).toBe('IFRAME');
    const src = new URL(frame.getAttribute('src')!);
    expect(src.searchParams.get('mute')).toBe('1');
    expect(src.searchParams.get('loop')).toBe('1');
    expect(src.searchParams.get('playlist')).toBe('abc123');
  });

  it('reserves the frame and shows no video while the setting loads', () => {
    const { container } = render(<HowItWorksVideo embed={null} loading />);
    expect(container.querySelector('video, iframe')).toBeNull();
    expect(container.querySelector('.aspect-video')).not.toBeNull();
  });
});
