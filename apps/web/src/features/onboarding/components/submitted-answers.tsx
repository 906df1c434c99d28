import type { FormAnswer } from '@portal/contracts/onboarding';

/**
 * Questionnaire answers as they were sent: each with the prompt (and option texts) the customer was given then,
 * even when staff have since changed or deleted the question.
 */
export function SubmittedAnswers({ answers, className = '' }: { answers: FormAnswer[]; className?: string }) {
  return (
    <dl className={`space-y-2 text-sm ${className}`}>
      {[...answers].sort((a, b) => a.order - b.order).map((answer) => (
        <div key={answer.formItemId}>
          <dt className="text-slate-600">{answer.prompt}</dt>
          <dd className="font-medium">
            {answer.answers && answer.answers.length > 0 ? (
              <span className="mt-1 flex flex-wrap gap-2">
                {answer.answers.map((url, i) => (
                  <a key={url} href={url} target="_blank" rel="noreferrer">
                    <img src={url} alt={`${answer.prompt} image ${i + 1}`} className="h-16 w-16 rounded border border-slate-200 object-cover" loading="lazy" />
                  </a>
                ))}
              </span>
            ) : (
              (answer.selectedOptionsText?.join(', ') ?? answer.answer) || '—'
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
