import { useState, type FormEvent } from 'react';
import { RATING_COMMENT_MAX } from '@portal/contracts/support-inbox';
import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/page';
import { ApiError } from '@/lib/api-client';
import { useChatRating, useRateChat } from '../api/rating';

const SCORES = [
  { value: 1, label: 'Very poor' },
  { value: 2, label: 'Poor' },
  { value: 3, label: 'Okay' },
  { value: 4, label: 'Good' },
  { value: 5, label: 'Excellent' },
] as const;

/**
 * Under a closed conversation: the customer rates it 1 to 5 with an optional comment (a radio group, reachable and
 * changed with the keyboard), once per closing; afterwards the rating given is shown.
 */
export function ChatRating({ chatId }: { chatId: string }) {
  const rating = useChatRating(chatId);
  const rate = useRateChat(chatId);
  const [score, setScore] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);

  if (!rating.data) return null;
  if (rating.data.rating !== null) {
    return (
      <p role="status" className="border-t border-slate-200 p-4 text-center text-slate-700">
        Thank you for rating this conversation: {rating.data.rating} out of 5.
      </p>
    );
  }
  if (!rating.data.rateable) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (score === null) return setMissing(true);
    rate.mutate({ rating: score, comment });
  };

  return (
    <form onSubmit={submit} aria-labelledby="rating-title" className="space-y-3 border-t border-slate-200 p-4">
      <fieldset aria-describedby={missing ? 'rating-missing' : undefined}>
        <legend id="rating-title" className="font-semibold text-slate-900">
          How was this conversation?
        </legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {SCORES.map((option) => (
            <label
              key={option.value}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-700"
            >
              <input
                type="radio"
                name={`rating-${chatId}`}
                value={option.value}
                checked={score === option.value}
                onChange={() => {
                  setScore(option.value);
                  setMissing(false);
                }}
                className="h-4 w-4 accent-brand-700"
              />
              <span>
                <span className="font-semibold">{option.value}</span> {option.label}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {missing && (
        <p id="rating-missing" className="text-sm font-medium text-red-700">
          Please choose a rating from 1 to 5.
        </p>
      )}
      <label className="block text-sm font-medium text-slate-800">
        Comment (optional)
        <textarea
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          maxLength={RATING_COMMENT_MAX}
          rows={3}
          className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-base"
        />
      </label>
      {rate.isError && (
        <ErrorMessage>
          {rate.error instanceof ApiError && rate.error.status === 409 ? rate.error.message : 'Could not send your rating. Please try again.'}
        </ErrorMessage>
      )}
      <Button type="submit" disabled={rate.isPending}>
        {rate.isPending ? 'Sending...' : 'Send rating'}
      </Button>
    </form>
  );
}
