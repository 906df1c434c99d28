import { errorBodySchema } from '../errors.ts';
import { defineRoute, noContent } from '../route.ts';
import {
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
} from '../staff-console.ts';

const tags = ['staff'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
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

export const staffConsoleRoutes = { getStaffOverview, getStaffTeam, inviteStaff, revokeStaffInvitation, removeStaff, changeStaffRole, checkStaffInvitation, acceptStaffInvitation };
