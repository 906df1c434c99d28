import { useState } from 'react';
import { auditActionGroupNames, type AuditActionGroup } from '@portal/contracts/audit';
import type { StaffAuditFilter } from '@portal/contracts/staff';
import { Button } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { useStaffAudit } from '@/features/staff/api/customers';
import { useStaffTeam } from '@/features/staff/api/team';
import { AUDIT_GROUP_LABELS } from '@/features/staff/audit-words';
import { AuditEntries } from '@/features/staff/components/audit-list';

const FIELD = 'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base';
const LABEL = 'mb-1 block text-sm font-medium text-slate-800';

/** The start of a local day ("2026-03-01") in epoch milliseconds; the day after it when `next`. */
function dayStart(day: string, next = false): number | undefined {
  if (!day) return undefined;
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year!, month! - 1, date! + (next ? 1 : 0)).getTime();
}

interface Filters {
  actorId: string;
  group: AuditActionGroup | '';
  fromDay: string;
  toDay: string;
}
const NONE: Filters = { actorId: '', group: '', fromDay: '', toDay: '' };

/** The filters as the server takes them: the days the reader chose, both included, in their own time zone. */
const queryOf = (filters: Filters): StaffAuditFilter => ({
  actorId: filters.actorId || undefined,
  group: filters.group || undefined,
  from: dayStart(filters.fromDay),
  to: dayStart(filters.toDay, true),
});

/** Who made a change: the team as it is now (an entry keeps the name its author had then). */
function StaffMemberFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const team = useStaffTeam();
  return (
    <div>
      <label htmlFor="audit-actor" className={LABEL}>Who</label>
      <select id="audit-actor" value={value} onChange={(event) => onChange(event.target.value)} className={FIELD}>
        <option value="">Everyone</option>
        {team.data?.members.map((member) => (
          <option key={member.id} value={member.id}>{member.name || member.email}</option>
        ))}
      </select>
    </div>
  );
}

/** /staff/audit (admins): every staff change, newest first, by who, what kind and when, a page at a time. */
export function Component() {
  const [filters, setFilters] = useState<Filters>(NONE);
  const set = (change: Partial<Filters>) => setFilters((current) => ({ ...current, ...change }));
  const audit = useStaffAudit(queryOf(filters));
  const filtered = filters !== NONE && Object.values(filters).some(Boolean);
  return (
    <Page title="Audit log">
      <p className="mb-4 text-slate-700">Every change made by staff, newest first: catalogue, team, billing and customers.</p>
      <form role="search" aria-label="Filter the audit log" onSubmit={(event) => event.preventDefault()} className="mb-6 grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4">
        <StaffMemberFilter value={filters.actorId} onChange={(actorId) => set({ actorId })} />
        <div>
          <label htmlFor="audit-group" className={LABEL}>Kind of change</label>
          <select id="audit-group" value={filters.group} onChange={(event) => set({ group: event.target.value as Filters['group'] })} className={FIELD}>
            <option value="">All changes</option>
            {auditActionGroupNames.map((group) => (
              <option key={group} value={group}>{AUDIT_GROUP_LABELS[group]}</option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-from" className={LABEL}>From</label>
          <input id="audit-from" type="date" value={filters.fromDay} max={filters.toDay || undefined} onChange={(event) => set({ fromDay: event.target.value })} className={FIELD} />
        </div>
        <div>
          <label htmlFor="audit-to" className={LABEL}>To</label>
          <input id="audit-to" type="date" value={filters.toDay} min={filters.fromDay || undefined} onChange={(event) => set({ toDay: event.target.value })} className={FIELD} />
        </div>
        {filtered && (
          <div className="sm:col-span-2 lg:col-span-4">
            <Button variant="secondary" onClick={() => setFilters(NONE)}>Clear filters</Button>
          </div>
        )}
      </form>
      <AuditEntries audit={audit} empty={filtered ? 'No changes match these filters.' : 'No staff changes yet.'} />
    </Page>
  );
}
