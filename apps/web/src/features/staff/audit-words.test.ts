import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditActions } from '@portal/contracts/audit';
import { changedFields, describeAuditEntry } from './audit-words';

const entry = (action: string, before: unknown = null, after: unknown = null, entityType = 'thing') => ({ action, entityType, before, after });

/** Every dotted string literal in the server's modules that record audit entries, such as 'chat.close'. */
function actionsWrittenByTheServer(): Set<string> {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const item of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, item.name);
      if (item.isDirectory()) walk(path);
      else if (path.endsWith('.ts') && !path.endsWith('.test.ts')) {
        const source = readFileSync(path, 'utf8');
        if (!source.includes('recordAudit(')) continue;
        for (const [, action] of source.matchAll(/'([a-z_-]+(?:\.[a-z_-]+)+)'/g)) found.add(action!);
      }
    }
  };
  walk(join(__dirname, '../../../../server/src/modules'));
  return found;
}

describe('the audit log in words', () => {
  it('has a sentence for every kind of change the server records, never its code', () => {
    for (const action of auditActions) {
      const words = describeAuditEntry(entry(action));
      expect(words, action).not.toMatch(/^Changed a /);
      expect(words, action).not.toContain(action);
    }
  });

  it('knows every action written literally in the server code', () => {
    const written = actionsWrittenByTheServer();
    expect(written).toContain('chat.close');
    for (const action of written) expect(auditActions as readonly string[], action).toContain(action);
  });

  it('names the record the change was about', () => {
    expect(describeAuditEntry(entry('promo.create', null, { code: 'SPRING-10', value: 10 }))).toBe('Created the promo code SPRING-10');
    expect(describeAuditEntry(entry('plan.delete', { title: 'Starter' }, null))).toBe('Deleted the plan “Starter”');
    expect(describeAuditEntry(entry('chat.close', { status: 'OPEN' }, { status: 'CLOSED' }))).toBe('Closed the chat');
    expect(describeAuditEntry(entry('staff.remove', { name: 'Robin', role: 'agent' }, { name: 'Robin', role: 'customer' }))).toBe('Removed Robin from the team');
    expect(describeAuditEntry(entry('staff.role.change', { name: 'Robin', role: 'agent' }, { name: 'Robin', role: 'admin' }))).toBe('Changed the role of Robin');
  });

  it('falls back to the kind of record for a change it has no words for', () => {
    expect(describeAuditEntry(entry('refund.create', null, null, 'payment_refund'))).toBe('Changed a payment refund');
    expect(describeAuditEntry(entry('refund.create', null, { name: 'Order 5' }, 'payment'))).toBe('Changed the payment “Order 5”');
  });

  it('lists only the fields a change touched, in words', () => {
    const at = Date.UTC(2026, 0, 5, 12);
    expect(changedFields({ id: 'p1', projectName: 'Shop', visible: true, updatedAt: 1 }, { id: 'p1', projectName: 'Web shop', visible: false, updatedAt: 2 })).toEqual([
      { field: 'projectName', label: 'Project name', before: 'Shop', after: 'Web shop' },
      { field: 'visible', label: 'Visible', before: 'Yes', after: 'No' },
    ]);
    expect(changedFields(null, { code: 'SPRING', planIds: [], expiresAt: at })).toEqual([
      { field: 'code', label: 'Code', before: null, after: 'SPRING' },
      { field: 'planIds', label: 'Plan ids', before: null, after: '(none)' },
      { field: 'expiresAt', label: 'Expires at', before: null, after: expect.stringContaining('Jan 5, 2026') },
    ]);
    expect(changedFields({ status: 'OPEN' }, { status: 'OPEN' })).toEqual([]);
    expect(changedFields({ completedAt: null }, { completedAt: new Date(at).toISOString() })).toEqual([
      { field: 'completedAt', label: 'Completed at', before: '(none)', after: expect.stringContaining('Jan 5, 2026') },
    ]);
  });
});
