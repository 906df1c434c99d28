import { errorBodySchema } from '../errors.ts';
import { defineRoute } from '../route.ts';
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











export const staffRoutes = {
  createStaff,
  listStaffCustomers,
  getStaffCustomer,
  listCustomerAudit,
  listStaffAudit,
  listCustomerMail,
};
