import { createCipheriv, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * The hosted sign-in service's modified scrypt, as it documents it (github.com/firebase/scrypt): scrypt of the
 * password with the user's salt followed by the project's salt separator (N = 2^memCost, r = rounds, p = 1, 32 bytes),
 * then that key encrypts the project's signer key with AES-256-CTR (IV of zeros); the result is the stored hash.
 * Salts, keys and hashes are base64, in the standard alphabet (auth:export) or the URL-safe one (the Admin SDK).
 */
export interface FirebaseScryptParameters {
  memCost: number;
  rounds: number;
  saltSeparator: string;
  signerKey: string;
}

/**
 * The most memory one check may take. The service's own parameters stay within 16 MiB (mem_cost up to 14, rounds up
 * to 8); Node's default limit is 32 MiB, so a check sets its own.
 */
export const SCRYPT_MAX_MEMORY = 64 * 1024 * 1024;
const PARALLELISM = 1;
const KEY_LENGTH = 32;

const STANDARD = /^(?:[A-Za-z0-9+/]{4})*$/;
const URL_SAFE = /^(?:[A-Za-z0-9_-]{4})*$/;

/** Whether text is base64 in one of the two alphabets, padded or not. */
export function isBase64(text: string): boolean {
  const unpadded = text.replace(/={1,2}$/, '');
  if (unpadded.length % 4 === 1 || (unpadded !== text && text.length % 4 !== 0)) return false;
  const padded = unpadded.padEnd(Math.ceil(unpadded.length / 4) * 4, 'A');
  return STANDARD.test(padded) || URL_SAFE.test(padded);
}

const decode = (text: string) => Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');

/**
 * Why Node's scrypt cannot compute with these parameters, or null when it can: the same rules as OpenSSL's (N a power
 * of two above 1, r·p below 2^30, N below 2^(16·r), 128·r·(N + p + 2) bytes within the memory limit).
 */
export function unsupportedScrypt(memCost: number, rounds: number): string | null {
  if (!Number.isInteger(memCost) || memCost < 1 || memCost > 52)
    return `mem_cost ${memCost} is not a whole number from 1 (N = 2^mem_cost must be a power of two above 1)`;
  if (!Number.isInteger(rounds) || rounds < 1 || rounds * PARALLELISM >= 2 ** 30)
    return `rounds ${rounds} is not a whole number from 1 to 2^30`;
  if (16 * rounds < 64 && memCost >= 16 * rounds)
    return `mem_cost ${memCost} is too high for rounds ${rounds} (scrypt needs 2^mem_cost below 2^(16 × rounds))`;
  const memory = 128 * rounds * (2 ** memCost + PARALLELISM + 2);
  if (memory > SCRYPT_MAX_MEMORY) {
    const mib = (bytes: number) => `${Math.ceil(bytes / 2 ** 20)} MiB`;
    return `mem_cost ${memCost} with rounds ${rounds} needs ${mib(memory)} for each check, more than the ${mib(SCRYPT_MAX_MEMORY)} allowed`;
  }
  return null;
}

/** The stored hash of a password under these parameters (raw bytes). */
export async function firebaseScryptHash(
  password: string,
  salt: string,
  p: FirebaseScryptParameters,
): Promise<Buffer> {
  const key = await new Promise<Buffer>((resolve, reject) =>
    scrypt(
      password,
      Buffer.concat([decode(salt), decode(p.saltSeparator)]),
      KEY_LENGTH,
      { N: 2 ** p.memCost, r: p.rounds, p: PARALLELISM, maxmem: SCRYPT_MAX_MEMORY },
      (error, derived) => (error ? reject(error) : resolve(derived)),
    ),
  );
  const cipher = createCipheriv('aes-256-ctr', key, Buffer.alloc(16, 0));
  return Buffer.concat([cipher.update(decode(p.signerKey)), cipher.final()]);
}

/** Whether the password gives this hash; false (never an error) for parameters scrypt refuses. */
export async function verifyFirebaseScrypt(
  password: string,
  salt: string,
  hash: string,
  p: FirebaseScryptParameters,
): Promise<boolean> {
  if (unsupportedScrypt(p.memCost, p.rounds)) return false;
  const computed = await firebaseScryptHash(password, salt, p);
  const known = decode(hash);
  return computed.length === known.length && timingSafeEqual(computed, known);
}
