// RFC 6238 in a few lines, for what must act as an authenticator app: the demo staff member's setup and the tests.
import { createHmac } from 'node:crypto';

/** RFC 4648 base32 (the alphabet of otpauth secrets), padding and case ignored. */
function base32Bytes(secret: string): Buffer {
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

/**
 * The code an authenticator app shows for a base32 secret at `at` (RFC 6238: HMAC-SHA1 over the 30-second step,
 * dynamic truncation of RFC 4226, 6 digits). `stepOffset` reads the code of an earlier or later step.
 */
export function totpCode(secret: string, at = Date.now(), stepOffset = 0): string {
  const step = Math.floor(at / 30_000) + stepOffset;
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const hmac = createHmac('sha1', base32Bytes(secret)).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  const binary = hmac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}
