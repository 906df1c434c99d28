import type { ChatAssignee } from '@portal/contracts/team-inbox';
import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/page';
import { useSession } from '@/lib/session';
import { useAssignableStaff, useAssignChat } from '../api/team-inbox';
import { errorText } from '@/components/editor';

const UNASSIGNED = '';

/**
 * Who works on the chat: "Assign to me" and a list of every staff member (or Unassigned). Each change says which
 * assignee it saw, so a chat someone else took meanwhile is refused with their name rather than taken from them.
 */
export function ChatAssignment({ chatId, assignee }: { chatId: string; assignee: ChatAssignee }) {
  const me = useSession().data?.user;
  const staff = useAssignableStaff();
  const assign = useAssignChat(chatId);
  const expectedAssigneeId = assignee?.id ?? null;
  const change = (assigneeId: string | null) => assign.mutate({ assigneeId, expectedAssigneeId });
  const selectId = `assignee-${chatId}`;
  return (
    <div className="border-b border-slate-200 bg-slate-50 px-3 py-2 sm:px-5">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={selectId} className="text-sm font-medium text-slate-700">
          Assigned to
        </label>
        <select
          id={selectId}
          value={assignee?.id ?? UNASSIGNED}
          disabled={assign.isPending}
          onChange={(event) => change(event.target.value || null)}
          className="min-w-0 max-w-full flex-1 basis-40 rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm sm:flex-none"
        >
          <option value={UNASSIGNED}>Unassigned</option>
          {/* The assignee shows even before the list of staff has come. */}
          {assignee && !staff.data?.some((member) => member.id === assignee.id) && <option value={assignee.id}>{assignee.name}</option>}
          {staff.data?.map((member) => (
            <option key={member.id} value={member.id}>
              {member.id === me?.id ? `${member.name || member.email} (me)` : member.name || member.email}
            </option>
          ))}
        </select>
        {me && assignee?.id !== me.id && (
          <Button variant="secondary" className="px-3 py-1.5 text-sm" disabled={assign.isPending} onClick={() => change(me.id)}>
            Assign to me
          </Button>
        )}
      </div>
      {assign.isError && (
        <div className="mt-2">
          <ErrorMessage>{errorText(assign.error, 'Could not change who the chat is assigned to. Please try again.')}</ErrorMessage>
        </div>
      )}
    </div>
  );
}
