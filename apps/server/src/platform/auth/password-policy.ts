import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@portal/contracts/auth';
import { badRequest } from '../http/errors.ts';

export const PASSWORD_TOO_COMMON = 'This password is too common. Please choose another one.';

let common: Set<string> | undefined;

/**
 * The most common passwords of public breach corpora (zxcvbn-ts's list, about 49,000, in the package
 * @zxcvbn-ts/language-common; docs/decisions/0012). Loaded on first use, kept lower-case; no network call.
 */
function commonPasswords(): Set<string> {
  if (!common) {
    const file = createRequire(import.meta.url).resolve('@zxcvbn-ts/language-common/src/passwords.json');
    common = new Set((JSON.parse(readFileSync(file, 'utf8')) as string[]).map((p) => p.toLowerCase()));
  }
  return common;
}

/** Why a new password is refused (OWASP ASVS V2.1: length and breached-password checks only), or null. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (commonPasswords().has(password.toLowerCase())) return PASSWORD_TOO_COMMON;
  return null;
}

/**
 * Throws a 400 for a password that may not be set. Every place a password is chosen calls it (sign-up,
 * change, reset, staff accounts); never sign-in, whose answers must not differ by account.
 */
export function assertPasswordAllowed(password: unknown) {
  const problem = typeof password === 'string' ? passwordProblem(password) : 'Password is required.';
  if (problem) throw badRequest(problem === PASSWORD_TOO_COMMON ? 'PASSWORD_TOO_COMMON' : 'VALIDATION_ERROR', problem);
}
