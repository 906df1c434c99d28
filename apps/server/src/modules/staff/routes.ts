import type { FastifyInstance } from 'fastify';
import { staffRoutes as route } from '@portal/contracts/routes';
import { registerRoute } from '../../platform/http/route.ts';
import * as audit from '../audit/index.ts';
import { customerOf, listCustomers } from './customers.ts';
import { createOrPromoteStaff } from './service.ts';
import { listOutboxForUser } from '../../platform/mail/outbox.ts';

/**
 * The console's own reads: customers, the audit log and the mail a customer was sent, and the operator's staff
 * account endpoint. Every route is `auth: 'staff'` or, for admins only, `auth: 'admin'` (customers get 403, agents
 * too on the latter). The chats, projects, plans and deletion requests staff work on are their modules' routes.
 */
export async function staffRoutes(app: FastifyInstance) {
  registerRoute(app, route.listStaffCustomers, async (request) => listCustomers(app.db, request.query));
  registerRoute(app, route.getStaffCustomer, async (request) => customerOf(app.db, request.params.userId));
  registerRoute(app, route.listCustomerAudit, async (request) => audit.listAudit(app.db, { customerId: request.params.userId }, request.query));
  registerRoute(app, route.listStaffAudit, async (request) => {
    const { cursor, limit, ...filter } = request.query;
    return audit.listAudit(app.db, filter, { cursor, limit });
  });
  registerRoute(app, route.listCustomerMail, async (request) => listOutboxForUser(app.db, request.params.userId, request.query));

  registerRoute(app, route.createStaff, async (request) => createOrPromoteStaff(app.db, request.body, app.clock()));
}
