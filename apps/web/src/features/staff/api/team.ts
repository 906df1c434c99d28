import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@portal/contracts/routes';
import type { StaffRole } from '@portal/contracts/auth';
import type { AcceptInvitationInput, InviteStaffInput } from '@portal/contracts/staff';
import { api, routeQuery } from '@/lib/api-client';

const { getStaffTeam, inviteStaff, revokeStaffInvitation, removeStaff, changeStaffRole, checkStaffInvitation, acceptStaffInvitation } = routes.staff;

export function useStaffTeam() {
  return useQuery(routeQuery(getStaffTeam));
}

/** Invite by e-mail in a role, withdraw an invitation, change a member's role or take their rights away; the team list refetches. */
export function useTeamChanges() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: routeQuery(getStaffTeam).queryKey });
  return {
    invite: useMutation({ mutationFn: (body: InviteStaffInput) => api(inviteStaff, { body }), onSuccess }),
    revoke: useMutation({ mutationFn: (invitationId: string) => api(revokeStaffInvitation, { params: { invitationId } }), onSuccess }),
    remove: useMutation({ mutationFn: (userId: string) => api(removeStaff, { params: { userId } }), onSuccess }),
    changeRole: useMutation({
      mutationFn: ({ userId, role }: { userId: string; role: StaffRole }) => api(changeStaffRole, { params: { userId }, body: { role } }),
      onSuccess,
    }),
  };
}

/** Whether an invitation link still works (a used or expired one answers its error code). */
export function useInvitation(token: string | null) {
  return useQuery({
    queryKey: ['staff-invitation', token],
    queryFn: () => api(checkStaffInvitation, { body: { token: token! } }),
    enabled: Boolean(token),
    retry: false,
  });
}

export const acceptInvitation = (input: AcceptInvitationInput) => api(acceptStaffInvitation, { body: input });
