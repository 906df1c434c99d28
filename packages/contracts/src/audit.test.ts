import { describe, expect, it } from 'vitest';
import { auditActionGroups, auditActions } from './audit.ts';

describe('the kinds of change the audit page filters by', () => {
  it('put every audit action in exactly one group', () => {
    const grouped: string[] = Object.values(auditActionGroups).flat();
    expect([...grouped].sort()).toEqual([...auditActions].sort());
    expect(new Set(grouped).size).toBe(grouped.length);
  });
});
