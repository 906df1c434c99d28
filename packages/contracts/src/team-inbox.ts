import { z } from 'zod';
import { cursorQuery, pageOf, searchTextQuery } from './page.ts';
import { customerSchema } from './staff.ts';
import { CHAT_TEXT_MAX, chatDetailSchema, chatMessageSchema, chatStatusSchema, chatSummarySchema } from './support.ts';

/**
 * The team inbox (decision 0060): assignment, private notes, saved replies and each staff member's alerts. Nothing
 * here is ever sent to a customer.
 */

/** The staff member a chat is assigned to, or null. */
export const chatAssigneeSchema = z.object({ id: z.string(), name: z.string() }).nullable();
export type ChatAssignee = z.infer<typeof chatAssigneeSchema>;

/** The inbox's assignment filter: "Mine" and "Unassigned" (absent: "All"). */
export const assignedFilterSchema = z.enum(['me', 'none']);
export type AssignedFilter = z.infer<typeof assignedFilterSchema>;

/**
 * Assign a chat (`assigneeId`), or unassign it (null). `expectedAssigneeId` is the assignee the caller saw: if someone
 * changed it since, the answer is 409 ASSIGNMENT_CHANGED and nothing changes, so two people claiming one chat at once
 * cannot both believe they have it.
 */
export const assignChatSchema = z.object({
  assigneeId: z.string().min(1).max(100).nullable(),
  expectedAssigneeId: z.string().min(1).max(100).nullable(),
});
export type AssignChatInput = z.infer<typeof assignChatSchema>;

/** A staff member as the "Assign to" menu lists them. */
export const assignableStaffSchema = z.object({ staff: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })) });
export type AssignableStaff = z.infer<typeof assignableStaffSchema>['staff'][number];

const text = (what: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `Please write the ${what}.`)
    .max(max, `The ${what} can be at most ${max} characters.`);

export const NOTE_TEXT_MAX = CHAT_TEXT_MAX;
export const createNoteSchema = z.object({ text: text('note', NOTE_TEXT_MAX) });
export type CreateNoteInput = z.infer<typeof createNoteSchema>;

/** A private note of a chat: only staff ever read it. */
export const chatNoteSchema = z.object({
  id: z.string(),
  text: z.string(),
  authorName: z.string().nullable(),
  createdTimestamp: z.number().int(),
});
export type ChatNote = z.infer<typeof chatNoteSchema>;
/** A chat's notes, newest first, a page at a time. */
export const chatNoteListSchema = pageOf('notes', chatNoteSchema);
export type ChatNoteList = z.infer<typeof chatNoteListSchema>;

export const SAVED_REPLY_TITLE_MAX = 80;
export const savedReplyInputSchema = z.object({
  title: text('title', SAVED_REPLY_TITLE_MAX),
  body: text('reply', CHAT_TEXT_MAX),
});
export type SavedReplyInput = z.infer<typeof savedReplyInputSchema>;
export const savedReplySchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  updatedTimestamp: z.number().int(),
});
export type SavedReply = z.infer<typeof savedReplySchema>;
/** Saved replies, oldest first, a page at a time; `q` finds a part of the title or the text, any case. */
export const savedReplyListQuerySchema = z.object({ q: z.string().trim().max(200).optional(), ...cursorQuery });
export type SavedReplyListQuery = z.input<typeof savedReplyListQuerySchema>;
export const savedReplyListSchema = pageOf('replies', savedReplySchema);
export type SavedReplyList = z.infer<typeof savedReplyListSchema>;
export const savedReplyParamsSchema = z.object({ replyId: z.string().min(1).max(100) });

/** Which inbox alerts this staff member wants; each can be turned off. */
export const staffAlertPreferencesSchema = z.object({
  tabTitleCount: z.boolean(),
  browserNotifications: z.boolean(),
  unansweredEmail: z.boolean(),
});
export type StaffAlertPreferences = z.infer<typeof staffAlertPreferencesSchema>;
export const staffAlertPreferencesUpdateSchema = staffAlertPreferencesSchema.partial();

/** The most the tab title counts; beyond it shows "99+". */
export const ALERT_COUNT_CAP = 99;

/**
 * What waits for this staff member: open chats with unread customer messages that are unassigned or assigned to them
 * (at most ALERT_COUNT_CAP + 1 are counted), and the newest of them, for a browser notification.
 */
export const staffInboxAlertsSchema = z.object({
  waiting: z.number().int(),
  newest: z.object({ chatId: z.string(), customerName: z.string(), lastMessage: z.string(), timestamp: z.number().int() }).nullable(),
  preferences: staffAlertPreferencesSchema,
});
export type StaffInboxAlerts = z.infer<typeof staffInboxAlertsSchema>;

/** `unreadCount`: the customer's messages since support last opened the chat; `assignee`: who works on it. */
export const staffChatSummarySchema = chatSummarySchema.extend({ customer: customerSchema, unreadCount: z.number().int(), assignee: chatAssigneeSchema });
export type StaffChatSummary = z.infer<typeof staffChatSummarySchema>;
/**
 * OPEN before CLOSED, then newest activity first, a page at a time (contracts `page.ts`). A cursor reads on from its
 * place in that order, so it belongs with the filters of the page that gave it.
 */
export const staffChatListSchema = pageOf('chats', staffChatSummarySchema);
export type StaffChatList = z.infer<typeof staffChatListSchema>;
export const staffChatListQuerySchema = z.object({
  status: chatStatusSchema.optional(),
  /** Customer name or e-mail. */
  q: searchTextQuery,
  customerId: z.string().min(1).max(100).optional(),
  /** "Mine" or "Unassigned"; absent: every chat. */
  assigned: assignedFilterSchema.optional(),
  ...cursorQuery,
});
export type StaffChatListQuery = z.input<typeof staffChatListQuerySchema>;
/** A message as staff see it: support replies name the staff member who sent them. */
export const staffChatMessageSchema = chatMessageSchema.extend({ senderName: z.string().nullable() });
export type StaffChatMessage = z.infer<typeof staffChatMessageSchema>;
export const staffChatDetailSchema = chatDetailSchema.extend({ customer: customerSchema, messages: z.array(staffChatMessageSchema), assignee: chatAssigneeSchema });
export type StaffChatDetail = z.infer<typeof staffChatDetailSchema>;
