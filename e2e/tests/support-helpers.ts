import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect } from '../fixtures';
import { pngFile } from './onboarding-helpers';

export interface MediaFiles {
  png: string;
  /** Over 256 KiB, so it goes up in chunks and its progress can be watched. */
  mp4: string;
  text: string;
}

/** The site's own H.264 clip (committed, rendered by scripts/media), the source of the larger test video. */
const HERO_MP4 = new URL('../../apps/web/public/media/video/hero.mp4', import.meta.url);

/**
 * A real, playable MP4 of at least `minBytes`: the site's clip followed by an ISO BMFF `free` box, which every
 * player skips.
 */
function paddedMp4(minBytes: number): Buffer {
  const clip = readFileSync(HERO_MP4);
  const size = Math.max(0, minBytes - clip.length) + 8;
  const box = Buffer.alloc(size);
  box.writeUInt32BE(size, 0);
  box.write('free', 4, 'latin1');
  return Buffer.concat([clip, box]);
}

/** Small real media files, made in JavaScript: a fresh machine has no ffmpeg, and `npm test` needs none. */
export function makeMediaFiles(): MediaFiles {
  const dir = mkdtempSync(path.join(tmpdir(), 'chat-media-'));
  const files = { png: path.join(dir, 'screenshot.png'), mp4: path.join(dir, 'walkthrough.mp4'), text: path.join(dir, 'notes.txt') };
  writeFileSync(files.png, pngFile(120, 80, [255, 165, 0]));
  writeFileSync(files.mp4, paddedMp4(600 * 1024));
  writeFileSync(files.text, 'not media');
  return files;
}

/** Accepts every alert of the page and records its text. */
export function recordAlerts(page: Page): string[] {
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  return alerts;
}

/** Creates a chat through /support and /create-chat, as a customer does; the new chat opens. Returns its id. */
export async function createChatThroughUi(page: Page, reason: string, message: string) {
  await page.goto('/support');
  await page.getByRole('link', { name: 'Create New Chat' }).click();
  await expect(page).toHaveURL(/\/create-chat$/);
  await page.getByLabel('Reason').selectOption(reason);
  await page.getByLabel('Message').fill(message);
  await page.getByRole('button', { name: 'Create Chat' }).click();
  await expect(page).toHaveURL(/\/support\/chat\/[^/]+$/);
  await expect(page.getByRole('log', { name: 'Messages' }).getByText(message)).toBeVisible();
  return new URL(page.url()).pathname.split('/').pop()!;
}

/** Opens a chat of the list and returns its id. */
export async function openChat(page: Page, reason: RegExp) {
  await page.getByRole('link', { name: reason }).click();
  await expect(page).toHaveURL(/\/support\/chat\/[^/]+$/);
  return new URL(page.url()).pathname.split('/').pop()!;
}
