import { errorBodySchema } from '../errors.ts';
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
  createStaffResultSchema,
  createStaffSchema,
  changeStaffRoleSchema,
  staffMemberSchema,
  acceptInvitationResultSchema,
  acceptInvitationSchema,
  invitationInfoSchema,
  invitationTokenSchema,
  inviteStaffSchema,
  staffInvitationParamsSchema,
  staffInvitationSchema,
  staffMemberParamsSchema,
  staffOverviewSchema,
  staffTeamSchema,
} from '../staff.ts';
import { topics } from '../topics.ts';

const tags = ['staff'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

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

const linkErrors = { 400: errorBodySchema, 404: errorBodySchema, 410: errorBodySchema };

export const getStaffOverview = defineRoute({
  method: 'GET',
  path: '/api/staff/overview',
  auth: 'staff',
  tags,
  summary: 'The business at a glance: active subscriptions by plan, MRR, this month, retries, chats waiting, and 12 months of MRR and new subscriptions',
  responses: { 200: staffOverviewSchema, ...errors },
});

export const getStaffTeam = defineRoute({
  method: 'GET',
  path: '/api/staff/team',
  auth: 'admin',
  tags,
  summary: 'Staff members, by name, and the invitations not yet used or expired',
  responses: { 200: staffTeamSchema, ...errors },
});

export const inviteStaff = defineRoute({
  method: 'POST',
  path: '/api/staff/team/invitations',
  auth: 'admin',
  tags,
  summary: 'Invite someone to the staff: a one-time link that sets a name and password is mailed to the address',
  description: '409 ALREADY_STAFF when the address belongs to a staff member. The role defaults to agent.',
  body: inviteStaffSchema,
  responses: { 201: staffInvitationSchema, ...errors },
});

export const revokeStaffInvitation = defineRoute({
  method: 'DELETE',
  path: '/api/staff/team/invitations/:invitationId',
  auth: 'admin',
  tags,
  summary: 'Withdraw an invitation not yet used: its link stops working at once',
  description: '404 INVITATION_NOT_OPEN when no open invitation has this id (used, expired, withdrawn or never made).',
  params: staffInvitationParamsSchema,
  responses: { 204: noContent, ...errors },
});

export const removeStaff = defineRoute({
  method: 'DELETE',
  path: '/api/staff/team/:userId',
  auth: 'admin',
  tags,
  summary: "Take a member's staff rights away (the account stays, as a customer); their sessions lose staff access at once",
  description: '409 CANNOT_REMOVE_SELF for your own account, 409 LAST_ADMIN for the only admin.',
  params: staffMemberParamsSchema,
  responses: { 204: noContent, ...errors },
});

export const changeStaffRole = defineRoute({
  method: 'PATCH',
  path: '/api/staff/team/:userId',
  auth: 'admin',
  tags,
  summary: "Change a member's role (agent or admin); audited, and their open sessions have the new rights at once",
  description: '409 LAST_ADMIN when it would leave the team without an admin.',
  params: staffMemberParamsSchema,
  body: changeStaffRoleSchema,
  responses: { 200: staffMemberSchema, ...errors },
});

export const checkStaffInvitation = defineRoute({
  method: 'POST',
  path: '/api/staff-invitations/check',
  auth: 'public',
  tags,
  summary: 'Whether an invitation link still works, and the address it is for',
  description: '404 INVITATION_INVALID, 410 INVITATION_USED or INVITATION_EXPIRED.',
  body: invitationTokenSchema,
  responses: { 200: invitationInfoSchema, ...linkErrors },
});

export const acceptStaffInvitation = defineRoute({
  method: 'POST',
  path: '/api/staff-invitations/accept',
  auth: 'public',
  tags,
  summary: "Use an invitation link: sets the name and password and makes the address's account staff (once)",
  description: '404 INVITATION_INVALID, 410 INVITATION_USED or INVITATION_EXPIRED.',
  body: acceptInvitationSchema,
  responses: { 200: acceptInvitationResultSchema, ...linkErrors },
});

export const staffRoutes = {
  createStaff,
  listStaffCustomers,
  getStaffCustomer,
  listCustomerAudit,
  listStaffAudit,
  listCustomerMail,
  getStaffOverview,
  getStaffTeam,
  inviteStaff,
  revokeStaffInvitation,
  removeStaff,
  changeStaffRole,
  checkStaffInvitation,
  acceptStaffInvitation,
};
