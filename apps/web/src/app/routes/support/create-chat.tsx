import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { createChatSchema, DEFAULT_SUPPORT_REASON, SUPPORT_REASONS, type CreateChatInput } from '@portal/contracts/support';
import { ApiError } from '@/lib/api-client';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorMessage, Page } from '@/components/ui/page';
import { useCreateChat } from '@/features/support/api/chats';
import { paths } from '@/lib/paths';

const FIELD = 'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base shadow-sm focus:border-brand-600';

/** Spec §8: the server refused, or the request failed on the way. */
const failureText = (error: unknown) =>
  error instanceof ApiError && error.status > 0 ? 'Failed to create support chat. Please try again.' : 'An error occurred. Please try again later.';

export function Component() {
  const navigate = useNavigate();
  const create = useCreateChat();
  const { register, handleSubmit, formState } = useForm<CreateChatInput>({
    resolver: zodResolver(createChatSchema),
    defaultValues: { reason: DEFAULT_SUPPORT_REASON, initialMessage: '' },
  });
  const messageError = formState.errors.initialMessage?.message;

  // Spec §8's alert, then the new chat opens (issue 28), where the customer goes on writing; /support is one step back.
  const submit = handleSubmit(async (input) => {
    let chatId: string;
    try {
      ({ chatId } = await create.mutateAsync(input));
    } catch {
      return;
    }
    window.alert('Your support chat has been created. Our team will reply soon.');
    await navigate(paths.supportChat(chatId));
  });

  return (
    <Page title="New Support Chat">
      <Card className="max-w-2xl">
        <form onSubmit={submit} noValidate className="space-y-5">
          <div>
            <label htmlFor="chat-reason" className="mb-1 block text-sm font-medium text-slate-800">
              Reason
            </label>
            <select id="chat-reason" className={FIELD} {...register('reason')}>
              {SUPPORT_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {reason}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="chat-message" className="mb-1 block text-sm font-medium text-slate-800">
              Message
            </label>
            <textarea
              id="chat-message"
              rows={6}
              placeholder="Tell us how we can help..."
              aria-invalid={messageError ? true : undefined}
              aria-describedby={messageError ? 'chat-message-error' : undefined}
              className={FIELD}
              {...register('initialMessage')}
            />
            {messageError && (
              <p id="chat-message-error" className="mt-1 text-sm text-red-700">
                {messageError}
              </p>
            )}
          </div>
          {create.isError && <ErrorMessage>{failureText(create.error)}</ErrorMessage>}
          <div className="flex flex-wrap justify-end gap-3">
            <Link to={paths.support()} className={buttonClass('secondary')}>
              Cancel
            </Link>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating Chat...' : 'Create Chat'}
            </Button>
          </div>
        </form>
      </Card>
    </Page>
  );
}
