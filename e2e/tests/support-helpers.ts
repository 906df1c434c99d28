import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { request, type APIRequestContext, type Page } from '@playwright/test';
import { expect, operatorUrl } from '../fixtures';

/** The OPERATOR_TOKEN the browser-test server starts with (e2e/playwright.config.ts). */
const OPERATOR_TOKEN = 'e2e-operator-token-0123456789';

/**
 * A staff member signed in on an API context of their own: made through the operator endpoint, the way
 * `npm run portal -- create-staff` makes one.
 */
export async function signInAsNewStaff(baseURL: string): Promise<APIRequestContext> {
  const email = `staff-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'staff-password-123';
  const operator = await request.newContext({ baseURL });
  const created = await operator.post(operatorUrl('/api/operator/staff'), { headers: { authorization: `Bearer ${OPERATOR_TOKEN}` }, data: { email, password } });
  expect(created.status(), await created.text()).toBe(200);
  await operator.dispose();
  const staff = await request.newContext({ baseURL });
  const signedIn = await staff.post('/api/auth/sign-in/email', { data: { email, password } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  return staff;
}

export interface MediaFiles {
  png: string;
  /** Over 256 KiB, so it goes up in chunks and its progress can be watched. */
  mp4: string;
  text: string;
}

/** Small real media files made with ffmpeg. */
export function makeMediaFiles(): MediaFiles {
  const dir = mkdtempSync(path.join(tmpdir(), 'chat-media-'));
  const files = { png: path.join(dir, 'screenshot.png'), mp4: path.join(dir, 'walkthrough.mp4'), text: path.join(dir, 'notes.txt') };
  const ffmpeg = (args: string[]) => execFileSync('/usr/bin/ffmpeg', ['-loglevel', 'error', '-y', ...args]);
  ffmpeg(['-f', 'lavfi', '-i', 'color=c=orange:s=120x80:d=1', '-frames:v', '1', files.png]);
  ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=s=640x360:d=2:r=25', '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '10', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', files.mp4]);
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

/** Creates a chat through /support and /create-chat, as a customer does. */
export async function createChatThroughUi(page: Page, reason: string, message: string) {
  await page.goto('/support');
  await page.getByRole('link', { name: 'Create New Chat' }).click();
  await expect(page).toHaveURL(/\/create-chat$/);
  await page.getByLabel('Reason').selectOption(reason);
  await page.getByLabel('Message').fill(message);
  await page.getByRole('button', { name: 'Create Chat' }).click();
  await expect(page).toHaveURL(/\/support$/);
}

/** Opens a chat of the list and returns its id. */
export async function openChat(page: Page, reason: RegExp) {
  await page.getByRole('link', { name: reason }).click();
  await expect(page).toHaveURL(/\/support\/chat\/[^/]+$/);
  return new URL(page.url()).pathname.split('/').pop()!;
}
