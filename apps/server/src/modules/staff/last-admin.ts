import type { Role } from '@portal/contracts/auth';
import { conflict } from '../../platform/http/errors.ts';

const LAST_ADMIN_MESSAGE = 'The team must keep at least one admin: make someone else an admin first.';

/**
 * Refuses a change that would leave the team without an admin: `userId` is about to have `next` (a role, or
 * `customer` when removed from the team). `members` are the staff rows the caller locked (`lockStaff`), so two
 * admins demoting each other at once cannot both pass.
 */
export function assertAdminRemains(members: readonly { id: string; role: Role }[], userId: string, next: Role): void {
  if (next === 'admin') return;
  const target = members.find((m) => m.id === userId);
  if (target?.role !== 'admin') return;
  if (!members.some((m) => m.id !== userId && m.role === 'admin')) throw conflict('LAST_ADMIN', LAST_ADMIN_MESSAGE);
}
