import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@portal/contracts/routes';
import type { AcceptInvitationInput } from '@portal/contracts/staff-console';
import { api, routeQuery } from '@/lib/api-client';

const { getStaffTeam, inviteStaff, revokeStaffInvitation, removeStaff, checkStaffInvitation, acceptStaffInvitation } = routes.staffConsole;

export function useStaffTeam() {
  return useQuery(routeQuery(getStaffTeam));
}

/** Invite by e-mail, withdraw an invitation or take a member's rights away; the team list refetches. */
export function useTeamChanges() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: routeQuery(getStaffTeam).queryKey });
  return {
    invite: useMutation({ mutationFn: (email: string) => api(inviteStaff, { body: { email } }), onSuccess }),
    revoke: useMutation({ mutationFn: (invitationId: string) => api(revokeStaffInvitation, { params: { invitationId } }), onSuccess }),
    remove: useMutation({ mutationFn: (userId: string) => api(removeStaff, { params: { userId } }), onSuccess }),
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
