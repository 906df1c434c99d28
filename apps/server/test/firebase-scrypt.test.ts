import { scryptSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  firebaseScryptHash,
  isBase64,
  SCRYPT_MAX_MEMORY,
  unsupportedScrypt,
  verifyFirebaseScrypt,
} from '../src/platform/auth/firebase-scrypt.ts';

interface Vector {
  password: string;
  salt: string;
  signerKey: string;
  saltSeparator: string;
  rounds: number;
  memCost: number;
  hash: string;
}
const { vectors } = JSON.parse(
  readFileSync(new URL('./fixtures/firebase-scrypt-vectors.json', import.meta.url), 'utf8'),
) as { vectors: Vector[] };
const urlSafe = (text: string) => text.replace(/\+/g, '-').replace(/\//g, '_');

describe("the hosted sign-in service's modified scrypt", () => {
  it.each(vectors)('gives the published hash of "$password"', async (v) => {
    expect((await firebaseScryptHash(v.password, v.salt, v)).toString('base64')).toBe(v.hash);
    expect(await verifyFirebaseScrypt(v.password, v.salt, v.hash, v)).toBe(true);
  });

  it.each(vectors)('refuses another password, salt or signer key for "$password"', async (v) => {
    expect(await verifyFirebaseScrypt(`${v.password}x`, v.salt, v.hash, v)).toBe(false);
    expect(await verifyFirebaseScrypt(v.password, 'AAAA', v.hash, v)).toBe(false);
    expect(
      await verifyFirebaseScrypt(v.password, v.salt, v.hash, {
        ...v,
        signerKey: 'AAAA' + v.signerKey.slice(4),
      }),
    ).toBe(false);
    // A hash of another length never matches (and never throws).
    expect(await verifyFirebaseScrypt(v.password, v.salt, 'YQ==', v)).toBe(false);
  });

  it('reads the URL-safe alphabet of the Admin SDK as the standard one', async () => {
    const [v] = vectors;
    const safe = {
      ...v!,
      salt: urlSafe(v!.salt),
      signerKey: urlSafe(v!.signerKey),
      saltSeparator: urlSafe(v!.saltSeparator),
    };
    expect(await verifyFirebaseScrypt(v!.password, safe.salt, urlSafe(v!.hash), safe)).toBe(true);
  });

  it('answers false, without computing, for parameters scrypt cannot take', async () => {
    const [v] = vectors;
    expect(
      await verifyFirebaseScrypt(v!.password, v!.salt, v!.hash, { ...v!, memCost: 20, rounds: 16 }),
    ).toBe(false);
  });
});

describe('which scrypt parameters Node can compute', () => {
  /** What Node's own scrypt says, with the same memory limit. */
  const nodeTakes = (memCost: number, rounds: number) => {
    try {
      scryptSync('', '', 32, { N: 2 ** memCost, r: rounds, p: 1, maxmem: SCRYPT_MAX_MEMORY });
      return true;
    } catch {
      return false;
    }
  };
  const edges: [number, number][] = [
    [0, 8],
    [1, 1],
    [14, 8],
    [15, 8],
    [16, 8],
    [14, 16],
    [15, 16],
    [15, 1],
    [16, 1],
    [31, 2],
    [32, 2],
    [1.5, 8],
    [14, 2.5],
  ];
  it.each(edges)('mem_cost %s, rounds %s: refused exactly when Node refuses', (memCost, rounds) => {
    expect(unsupportedScrypt(memCost, rounds) === null).toBe(nodeTakes(memCost, rounds));
  });

  it('names the parameters and the memory in its reason', () => {
    expect(unsupportedScrypt(20, 16)).toBe(
      'mem_cost 20 with rounds 16 needs 2049 MiB for each check, more than the 64 MiB allowed',
    );
    expect(unsupportedScrypt(16, 1)).toMatch(/^mem_cost 16 is too high for rounds 1/);
    // Node reads r = 0 as its default of 8: refused here, as it is not what the hash was made with.
    expect(unsupportedScrypt(14, 0)).toBe('rounds 0 is not a whole number from 1 to 2^30');
  });
});

describe('base64', () => {
  it.each(['Bw==', 'Bw', '42xEC+ixf3L2lw==', '42xEC-ixf3L2lw', 'YWJj', ''])('takes %j', (text) =>
    expect(isBase64(text)).toBe(true),
  );
  it.each(['Bw=', 'B', 'a===', 'not base64!', 'ab-+', 'separator', 'salt$x', 'YW Jj'])('refuses %j', (text) =>
    expect(isBase64(text)).toBe(false),
  );
});
