/** Audit: every staff write recorded in the same transaction as the change (who, what, when, before and after). */
export { listAuditForCustomer, recordAudit, type AuditActor, type AuditRecord } from './service.ts';
export { auditLog } from './schema.ts';
