import { errorBodySchema } from '../errors.ts';
import { projectParamsSchema } from '../projects.ts';
import { pageQuerySchema } from '../page.ts';
import { priceChangeInputSchema, withdrawnPriceChangeSchema } from '../price-changes.ts';
import { defineRoute, noContent } from '../route.ts';
import {
  auditListQuerySchema,
  staffAuditQuerySchema,
  customerMailListSchema,
  customerMailQuerySchema,
  auditListSchema,
  customerParamsSchema,
  staffCustomerListQuerySchema,
  staffCustomerListSchema,
  staffCustomerSchema,
  createProjectSchema,
  createStaffResultSchema,
  createStaffSchema,
  staffChatDetailSchema,
  staffChatListQuerySchema,
  staffChatListSchema,
  staffChatSummarySchema,
  staffProjectListQuerySchema,
  staffProjectListSchema,
  staffProjectSchema,
  updateProjectSchema,
  deletionRequestParamsSchema,
  refuseDeletionSchema,
  staffDeletionRequestListQuerySchema,
  staffDeletionRequestListSchema,
  staffDeletionRequestSchema,
  planInputSchema,
  planMoveSchema,
  planParamsSchema,
  priceChangeSchema,
  staffPlanListSchema,
  staffPlanSchema,
} from '../staff.ts';
import { chatMessageSchema, chatParamsSchema, sendMessageSchema } from '../support.ts';
import { topics } from '../topics.ts';

const tags = ['staff'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

export const listStaffChats = defineRoute({
  method: 'GET',
  path: '/api/staff/chats',
  auth: 'staff',
  tags,
  summary: 'Every support chat, most recent activity first',
  query: staffChatListQuerySchema,
  responses: { 200: staffChatListSchema, ...errors },
  topic: topics.chats,
});

export const getStaffChat = defineRoute({
  method: 'GET',
  path: '/api/staff/chats/:chatId',
  auth: 'staff',
  tags,
  summary: 'A chat with its customer and a page of its messages, newest page first',
  params: chatParamsSchema,
  query: pageQuerySchema,
  responses: { 200: staffChatDetailSchema, ...errors },
  topic: topics.chats,
});

export const replyToChat = defineRoute({
  method: 'POST',
  path: '/api/staff/chats/:chatId/messages',
  auth: 'staff',
  tags,
  summary: 'Reply as support: text, or an image or video uploaded for this chat',
  params: chatParamsSchema,
  body: sendMessageSchema,
  responses: { 201: chatMessageSchema, ...errors },
  topic: topics.chats,
});

export const closeChat = defineRoute({
  method: 'POST',
  path: '/api/staff/chats/:chatId/close',
  auth: 'staff',
  tags,
  summary: 'Close a chat: the customer can no longer write',
  params: chatParamsSchema,
  responses: { 200: staffChatSummarySchema, ...errors },
  topic: topics.chats,
});

export const reopenChat = defineRoute({
  method: 'POST',
  path: '/api/staff/chats/:chatId/reopen',
  auth: 'staff',
  tags,
  summary: 'Reopen a closed chat',
  params: chatParamsSchema,
  responses: { 200: staffChatSummarySchema, ...errors },
  topic: topics.chats,
});

export const listStaffProjects = defineRoute({
  method: 'GET',
  path: '/api/staff/projects',
  auth: 'staff',
  tags,
  summary: "Every project (or one customer's), created newest first",
  query: staffProjectListQuerySchema,
  responses: { 200: staffProjectListSchema, ...errors },
  topic: topics.projects,
});

export const getStaffProject = defineRoute({
  method: 'GET',
  path: '/api/staff/projects/:projectId',
  auth: 'staff',
  tags,
  summary: 'One project with its customer',
  params: projectParamsSchema,
  responses: { 200: staffProjectSchema, ...errors },
  topic: topics.projects,
});

export const createProject = defineRoute({
  method: 'POST',
  path: '/api/staff/projects',
  auth: 'staff',
  tags,
  summary: 'Create a project for a customer (by ownerId or ownerEmail)',
  body: createProjectSchema,
  responses: { 201: staffProjectSchema, ...errors },
  topic: topics.projects,
});

export const updateProject = defineRoute({
  method: 'PATCH',
  path: '/api/staff/projects/:projectId',
  auth: 'staff',
  tags,
  summary: 'Update a project: names, logo, notes, release status and its publish time, deliverables',
  params: projectParamsSchema,
  body: updateProjectSchema,
  responses: { 200: staffProjectSchema, ...errors },
  topic: topics.projects,
});

export const markChatRead = defineRoute({
  method: 'POST',
  path: '/api/staff/chats/:chatId/read',
  auth: 'staff',
  tags,
  summary: "Support has read the chat: clears its unread count and shows the customer 'Seen'",
  params: chatParamsSchema,
  responses: { 204: noContent, ...errors },
  topic: topics.chats,
});

export const listStaffCustomers = defineRoute({
  method: 'GET',
  path: '/api/staff/customers',
  auth: 'staff',
  tags,
  summary: 'Customers, newest account first, searchable by name, e-mail or phone, a page at a time',
  query: staffCustomerListQuerySchema,
  responses: { 200: staffCustomerListSchema, ...errors },
  topic: topics.subscriptions,
});

export const getStaffCustomer = defineRoute({
  method: 'GET',
  path: '/api/staff/customers/:userId',
  auth: 'staff',
  tags,
  summary: "A customer's profile (each section of the page is a list of its own, read a page at a time)",
  params: customerParamsSchema,
  responses: { 200: staffCustomerSchema, ...errors },
  topic: topics.subscriptions,
});

export const listCustomerAudit = defineRoute({
  method: 'GET',
  path: '/api/staff/customers/:userId/audit',
  auth: 'staff',
  tags,
  summary: 'Staff writes that concern this customer, newest first, a page at a time',
  params: customerParamsSchema,
  query: auditListQuerySchema,
  responses: { 200: auditListSchema, ...errors },
  topic: topics.audit,
});

export const listStaffAudit = defineRoute({
  method: 'GET',
  path: '/api/staff/audit',
  auth: 'admin',
  tags,
  summary: 'Every staff change, newest first, a page at a time; filtered by who, what kind of change and when',
  query: staffAuditQuerySchema,
  responses: { 200: auditListSchema, ...errors },
  topic: topics.audit,
});

export const listCustomerMail = defineRoute({
  method: 'GET',
  path: '/api/staff/customers/:userId/mail',
  auth: 'staff',
  tags,
  summary: "E-mails queued for this customer, newest first, with each one's status and the mail server's answer",
  params: customerParamsSchema,
  query: customerMailQuerySchema,
  responses: { 200: customerMailListSchema, ...errors },
});

/** What `npm run portal -- create-staff` calls on a running server. */
export const createStaff = defineRoute({
  method: 'POST',
  path: '/api/operator/staff',
  auth: 'operator',
  tags: ['operator'],
  summary: 'Create a staff account, or promote an existing one (loopback and operator token only)',
  body: createStaffSchema,
  responses: { 200: createStaffResultSchema, 400: errorBodySchema, 404: errorBodySchema },
});

export const listStaffDeletionRequests = defineRoute({
  method: 'GET',
  path: '/api/staff/deletion-requests',
  auth: 'admin',
  tags,
  summary: 'Account deletion requests of one status (pending, done, refused), newest first',
  query: staffDeletionRequestListQuerySchema,
  responses: { 200: staffDeletionRequestListSchema, ...errors },
  topic: topics.deletionRequests,
});

export const refuseDeletionRequest = defineRoute({
  method: 'POST',
  path: '/api/staff/deletion-requests/:requestId/refuse',
  auth: 'admin',
  tags,
  summary: 'Refuse a pending deletion request, with the reason',
  params: deletionRequestParamsSchema,
  body: refuseDeletionSchema,
  responses: { 200: staffDeletionRequestSchema, ...errors },
  topic: topics.deletionRequests,
});

export const carryOutDeletionRequest = defineRoute({
  method: 'POST',
  path: '/api/staff/deletion-requests/:requestId/carry-out',
  auth: 'admin',
  tags,
  summary:
    "Carry out a pending deletion request: cancel the account's subscriptions, disable its cards, delete its files and chats, anonymise its personal data and payments' personal fields, sign it out (or close the request when no account has the e-mail)",
  params: deletionRequestParamsSchema,
  responses: { 200: staffDeletionRequestSchema, ...errors, 503: errorBodySchema },
  topic: topics.deletionRequests,
});

export const listStaffPlans = defineRoute({
  method: 'GET',
  path: '/api/staff/plans',
  auth: 'admin',
  tags,
  summary: 'Every plan, hidden ones too, in pricing order, with how many subscriptions use each',
  responses: { 200: staffPlanListSchema, ...errors },
  topic: topics.plans,
});

export const createPlan = defineRoute({
  method: 'POST',
  path: '/api/staff/plans',
  auth: 'admin',
  tags,
  summary: 'New plan (amount in cents), placed last',
  body: planInputSchema,
  responses: { 201: staffPlanSchema, ...errors },
  topic: topics.plans,
});

export const updatePlan = defineRoute({
  method: 'PUT',
  path: '/api/staff/plans/:planId',
  auth: 'admin',
  tags,
  summary: "Change a plan's fields or hide it (existing subscriptions keep what they bought)",
  params: planParamsSchema,
  body: planInputSchema,
  responses: { 200: staffPlanSchema, ...errors },
  topic: topics.plans,
});

export const movePlan = defineRoute({
  method: 'POST',
  path: '/api/staff/plans/:planId/move',
  auth: 'admin',
  tags,
  summary: 'Move a plan one place up or down in pricing order',
  params: planParamsSchema,
  body: planMoveSchema,
  responses: { 200: staffPlanListSchema, ...errors },
  topic: topics.plans,
});

export const deletePlan = defineRoute({
  method: 'DELETE',
  path: '/api/staff/plans/:planId',
  auth: 'admin',
  tags,
  summary: 'Delete a plan no subscription uses (409 PLAN_IN_USE otherwise: hide it instead)',
  params: planParamsSchema,
  responses: { 204: noContent, ...errors },
  topic: topics.plans,
});

export const schedulePriceChange = defineRoute({
  method: 'POST',
  path: '/api/staff/plans/:planId/price-change',
  auth: 'admin',
  tags,
  summary:
    'Announce a new price for a plan from a date at least 30 days away (400 PRICE_CHANGE_NOTICE_TOO_SHORT otherwise); every subscriber is mailed at once and again 7 days before, and renews at it from the first renewal on or after the date',
  params: planParamsSchema,
  body: priceChangeInputSchema,
  responses: { 201: priceChangeSchema, ...errors },
  topic: topics.plans,
});

export const withdrawPriceChange = defineRoute({
  method: 'DELETE',
  path: '/api/staff/plans/:planId/price-change',
  auth: 'admin',
  tags,
  summary:
    'Withdraw the price change waiting for a plan before its date (409 NO_PRICE_CHANGE_WAITING, PRICE_CHANGE_IN_EFFECT otherwise): every subscriber told is mailed that the price stays, and renews at it',
  params: planParamsSchema,
  responses: { 200: withdrawnPriceChangeSchema, ...errors },
  topic: topics.plans,
});

export const staffRoutes = {
  listStaffChats,
  getStaffChat,
  replyToChat,
  closeChat,
  reopenChat,
  listStaffProjects,
  getStaffProject,
  createProject,
  updateProject,
  createStaff,
  markChatRead,
  listStaffCustomers,
  getStaffCustomer,
  listCustomerAudit,
  listStaffAudit,
  listCustomerMail,
  listStaffDeletionRequests,
  refuseDeletionRequest,
  carryOutDeletionRequest,
  listStaffPlans,
  createPlan,
  updatePlan,
  movePlan,
  deletePlan,
  schedulePriceChange,
  withdrawPriceChange,
};
