// RFC 6238 on node:crypto: which step a code of the account's key is of (refusing a code used once), and what must
// act as an authenticator app: the demo staff member's setup and the tests.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** RFC 6238 time steps: 30 seconds, 6 digits (better-auth's twoFactor defaults, which the portal keeps). */
const STEP_MS = 30_000;

/** RFC 4648 base32 (the alphabet of otpauth secrets), padding and case ignored. */
export function base32Bytes(secret: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/=+$/, '').toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => parseInt(byte, 2)));
}

/** The secret of an `otpauth://totp/...?secret=...` URI, as an authenticator app reads it from the QR code. */
export function secretOfUri(uri: string): string {
  const secret = new URL(uri).searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${uri}`);
  return secret;
}

/** The time step of a moment (milliseconds since the epoch). */
export const totpStep = (at: number) => Math.floor(at / STEP_MS);

/** The code of one step for a key (HMAC-SHA1 over the step, dynamic truncation of RFC 4226, 6 digits). */
function codeOfStep(key: Buffer, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const hmac = createHmac('sha1', key).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  const binary = hmac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

/**
 * The code an authenticator app shows for a base32 secret at `at`. `stepOffset` reads the code of an earlier or
 * later step.
 */
export function totpCode(secret: string, at = Date.now(), stepOffset = 0): string {
  return codeOfStep(base32Bytes(secret), totpStep(at) + stepOffset);
}

/**
 * The step `code` is of among the steps better-auth accepts at `at` (the one before, the current one and the one
 * after), or null; the latest when two match. Every candidate is compared in constant time.
 */
export function stepOfCode(key: Buffer, code: string, at: number): number | null {
  const given = Buffer.from(code);
  let matched: number | null = null;
  for (let step = totpStep(at) - 1; step <= totpStep(at) + 1; step++) {
    const expected = Buffer.from(codeOfStep(key, step));
    if (given.length === expected.length && timingSafeEqual(given, expected)) matched = step;
  }
  return matched;
}

const lastStepGiven = new Map<string, number>();

/**
 * As an authenticator app used by one person gives codes: each of a later step than the one it gave before for this
 * secret (the server takes each step once), the current step's when it can, the next one's when that was given,
 * and after that waiting for the clock. For the demo's setup and the tests.
 */
export async function nextTotpCode(secret: string): Promise<string> {
  const last = lastStepGiven.get(secret) ?? -Infinity;
  // Never an earlier step than the current one: the clock may pass into the next step before the server reads it.
  let step = Math.max(last + 1, totpStep(Date.now()));
  while (step > totpStep(Date.now()) + 1) {
    await new Promise((resolve) => setTimeout(resolve, (totpStep(Date.now()) + 1) * STEP_MS - Date.now() + 5));
    step = Math.max(last + 1, totpStep(Date.now()));
  }
  lastStepGiven.set(secret, step);
  return codeOfStep(base32Bytes(secret), step);
}
