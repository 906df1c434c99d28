import { asc, eq, ne } from 'drizzle-orm';
import type { AssignableStaff, AssignChatInput, StaffChatSummary } from '@portal/contracts/team-inbox';
import { topicOf } from '@portal/contracts/topics';
import { users } from '../../platform/auth/schema.ts';
import type { Db } from '../../platform/db/client.ts';
import { publishChange } from '../../platform/events/change-feed.ts';
import { AppError, badRequest, notFound } from '../../platform/http/errors.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import * as repo from './repository.ts';
import { supportChats } from './schema.ts';
import { toStaffSummary } from './service.ts';

/** Anyone who is not a customer is staff, whatever their staff role. */
const isStaffAccount = ne(users.role, 'customer');

/** Every staff member a chat can go to, by name. */
export async function listAssignableStaff(db: Db): Promise<{ staff: AssignableStaff[] }> {
  const staff = await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(isStaffAccount).orderBy(asc(users.name), asc(users.id));
  return { staff };
}

async function findStaffMember(db: Db, id: string) {
  const [member] = await db.select({ id: users.id, name: users.name, role: users.role }).from(users).where(eq(users.id, id));
  return member && member.role !== 'customer' ? { id: member.id, name: member.name } : undefined;
}

/**
 * Assigns the chat to a staff member or to no one. The chat's row is locked and the assignee the caller saw must
 * still be the chat's: of two people claiming one chat at once, the second is told who has it (409), never silently
 * overwritten. Only staff see the change (the customer's chat does not change).
 */
export async function assignChat(db: Db, staff: repo.ChatViewer & AuditActor, chatId: string, input: AssignChatInput, now: Date): Promise<StaffChatSummary> {
  return db.transaction(async (tx) => {
    const chat = await repo.findChat(tx, staff, chatId, true);
    if (!chat) throw notFound('Chat not found.');
    const current = await repo.findAssignee(tx, chat.assigneeId);
    if (chat.assigneeId !== input.expectedAssigneeId) {
      throw new AppError(409, 'ASSIGNMENT_CHANGED', current ? `This chat was just assigned to ${current.name}.` : 'This chat was just unassigned.');
    }
    const assignee = input.assigneeId ? await findStaffMember(tx, input.assigneeId) : null;
    if (assignee === undefined) throw badRequest('NOT_STAFF', 'Only a staff member can be assigned a chat.');
    if (chat.assigneeId !== input.assigneeId) {
      await tx.update(supportChats).set({ assigneeId: input.assigneeId }).where(eq(supportChats.id, chatId));
      await publishChange(tx, { topic: topicOf('chats', chatId), audience: { staff: true } });
      await recordAudit(tx, {
        actor: staff,
        action: 'chat.assign',
        entityType: 'chat',
        entityId: chatId,
        customerId: chat.userId,
        before: { assignee: current?.name ?? null, assigneeId: chat.assigneeId },
        after: { assignee: assignee?.name ?? null, assigneeId: input.assigneeId },
        now,
      });
    }
    const customer = (await repo.findCustomer(tx, chat.userId))!;
    return toStaffSummary({ ...chat, assigneeId: input.assigneeId }, customer, assignee);
  });
}
