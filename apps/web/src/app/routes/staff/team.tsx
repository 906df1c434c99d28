import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { STAFF_ROLES } from '@portal/contracts/route-helpers';
import type { StaffRole } from '@portal/contracts/auth';
import { STAFF_INVITATION_HOURS, inviteStaffSchema, type InviteStaffInput, type StaffInvitation, type StaffMember } from '@portal/contracts/staff';
import { ConfirmButton } from '@/components/ui/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Dialog, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { ErrorMessage, Page } from '@/components/ui/page';
import { QueryState } from '@/components/ui/query-state';
import { TextField } from '@/components/ui/text-field';
import { useStaffTeam, useTeamChanges } from '@/features/staff/api/team';
import { ApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/current-user';
import { formatShortDate, formatTime } from '@/lib/format';

const CUSTOMER_ACCOUNT = 'This address has a customer account: accepting makes that account staff, and its subscriptions stay.';
const failure = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);
const CARD = 'rounded-2xl border border-slate-200 bg-white p-4 shadow-sm';
const SELECT = 'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base';
const ROLE_LABELS: Record<StaffRole, string> = { agent: 'Agent', admin: 'Admin' };
const ROLE_HELP =
  'Agents answer chats and look after customers, projects, steps and site content. Admins can also manage the team, plans and promo codes, refunds, deletion requests, import and export, and read the audit log.';

function InviteForm() {
  const { invite } = useTeamChanges();
  const [sent, setSent] = useState<StaffInvitation | null>(null);
  const { register, handleSubmit, formState, reset } = useForm<InviteStaffInput>({ resolver: zodResolver(inviteStaffSchema), defaultValues: { email: '', role: 'agent' } });
  const submit = handleSubmit(async (input) => {
    setSent(null);
    const invitation = await invite.mutateAsync(input);
    setSent(invitation);
    reset();
  });
  return (
    <form noValidate onSubmit={(e) => void submit(e).catch(() => undefined)} className={`${CARD} space-y-3`} aria-labelledby="invite-heading">
      <h2 id="invite-heading" className="text-lg font-semibold text-slate-900">Invite a staff member</h2>
      <p className="text-sm text-slate-600">We e-mail them a link that works once, for {STAFF_INVITATION_HOURS} hours, to choose their name and password.</p>
      <p className="text-sm text-slate-600">{ROLE_HELP}</p>
      <div className="flex flex-wrap items-end gap-3">
        <TextField id="invite-email" label="Email" type="email" autoComplete="off" className="min-w-[14rem] flex-1" registration={register('email')} error={formState.errors.email?.message} />
        <div className="w-full sm:w-auto">
          <label htmlFor="invite-role" className="mb-1 block text-sm font-medium text-slate-800">Role</label>
          <select id="invite-role" {...register('role')} className={SELECT}>
            {STAFF_ROLES.map((role) => <option key={role} value={role}>{ROLE_LABELS[role]}</option>)}
          </select>
        </div>
        <Button type="submit" disabled={invite.isPending}>{invite.isPending ? 'Sending...' : 'Send invitation'}</Button>
      </div>
      {invite.isError && <ErrorMessage>{failure(invite.error, 'Could not send the invitation. Please try again.')}</ErrorMessage>}
      {sent && (
        <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-800">
          Invitation sent to {sent.email}, as {ROLE_LABELS[sent.role].toLowerCase()}.{sent.customerAccount && ` ${CUSTOMER_ACCOUNT}`}
        </p>
      )}
    </form>
  );
}

/** A member's role, changed as soon as another is chosen; the server refuses to leave the team without an admin. */
function RoleField({ member }: { member: StaffMember }) {
  const { changeRole } = useTeamChanges();
  const id = `role-${member.id}`;
  return (
    <div className="w-full sm:w-40">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        Role<span className="sr-only"> of {member.name}</span>
      </label>
      <select
        id={id}
        value={member.role}
        disabled={changeRole.isPending}
        onChange={(event) => changeRole.mutate({ userId: member.id, role: event.target.value as StaffRole })}
        className={SELECT}
      >
        {STAFF_ROLES.map((role) => <option key={role} value={role}>{ROLE_LABELS[role]}</option>)}
      </select>
      {changeRole.isError && <div className="mt-2"><ErrorMessage>{failure(changeRole.error, 'Could not change the role. Please try again.')}</ErrorMessage></div>}
    </div>
  );
}

function MemberRow({ member, you, alone }: { member: StaffMember; you: boolean; alone: boolean }) {
  const { remove } = useTeamChanges();
  const [confirming, setConfirming] = useState(false);
  return (
    <li className={`${CARD} flex flex-wrap items-center gap-3`}>
      <div className="min-w-[12rem] flex-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
          {member.name}
          {you && <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">You</span>}
        </p>
        <p className="break-all text-sm text-slate-700">{member.email}</p>
        <p className="text-xs text-slate-600">Account since {formatShortDate(member.joinedTimestamp)}</p>
      </div>
      <RoleField member={member} />
      {!you && !alone && (
        <Button variant="danger" aria-label={`Remove staff rights of ${member.name}`} disabled={remove.isPending} onClick={() => setConfirming(true)}>
          Remove staff rights
        </Button>
      )}
      <Dialog open={confirming} onClose={() => setConfirming(false)} className="max-w-md">
        <DialogTitle className="text-lg font-bold text-slate-900">Remove the staff rights of {member.name}?</DialogTitle>
        <DialogDescription className="mt-2 text-sm text-slate-700">
          They lose access to the staff console at once, on every device. Their account stays, as a customer's; you can invite them again.
        </DialogDescription>
        <div className="mt-5 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)}>Cancel</Button>
          <Button variant="danger" disabled={remove.isPending} onClick={() => remove.mutate(member.id, { onSettled: () => setConfirming(false) })}>
            Remove staff rights
          </Button>
        </div>
      </Dialog>
      {remove.isError && <div className="w-full"><ErrorMessage>{failure(remove.error, 'Could not remove the staff rights. Please try again.')}</ErrorMessage></div>}
    </li>
  );
}

function InvitationRow({ invitation }: { invitation: StaffInvitation }) {
  const { revoke } = useTeamChanges();
  return (
    <li className={`${CARD} flex flex-wrap items-center gap-3`}>
      <div className="min-w-[12rem] flex-1">
        <p className="break-all font-semibold text-slate-900">{invitation.email}</p>
        <p className="text-sm text-slate-700">
          Invited as {ROLE_LABELS[invitation.role].toLowerCase()} by {invitation.invitedByName}; the link works until {formatShortDate(invitation.expiresTimestamp)}, {formatTime(invitation.expiresTimestamp)}.
        </p>
        {invitation.customerAccount && <p className="text-sm text-amber-900">{CUSTOMER_ACCOUNT}</p>}
      </div>
      <ConfirmButton
        label={`Withdraw the invitation of ${invitation.email}`}
        question={`Withdraw the invitation of ${invitation.email}? Its link stops working at once; you can invite them again.`}
        confirmLabel="Withdraw"
        disabled={revoke.isPending}
        onConfirm={() => revoke.mutate(invitation.id)}
      >
        Withdraw
      </ConfirmButton>
      {revoke.isError && <div className="w-full"><ErrorMessage>{failure(revoke.error, 'Could not withdraw the invitation. Please try again.')}</ErrorMessage></div>}
    </li>
  );
}

/** /staff/team (admins): the staff members and their roles, inviting another one by e-mail in a role, and taking staff rights away. */
export function Component() {
  const team = useStaffTeam();
  const me = useCurrentUser();
  return (
    <Page title="Team">
      <div className="space-y-8">
        <InviteForm />
        <QueryState query={team} pending="Loading the team..." error="Could not load the team.">
          {(data) => (
            <>
              <section aria-labelledby="members-heading">
                <h2 id="members-heading" className="mb-3 text-lg font-semibold text-slate-900">Staff members ({data.members.length})</h2>
                <ul aria-labelledby="members-heading" className="space-y-3">
                  {data.members.map((member) => <MemberRow key={member.id} member={member} you={member.id === me?.id} alone={data.members.length === 1} />)}
                </ul>
              </section>
              <section aria-labelledby="invitations-heading">
                <h2 id="invitations-heading" className="mb-3 text-lg font-semibold text-slate-900">Open invitations</h2>
                {data.invitations.length === 0 ? (
                  <p className="text-slate-600">No open invitations.</p>
                ) : (
                  <ul aria-labelledby="invitations-heading" className="space-y-3">
                    {data.invitations.map((invitation) => <InvitationRow key={invitation.id} invitation={invitation} />)}
                  </ul>
                )}
              </section>
            </>
          )}
        </QueryState>
      </div>
    </Page>
  );
}
