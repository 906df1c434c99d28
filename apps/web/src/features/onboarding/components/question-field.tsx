import {
  ANSWER_MAX_CHARS,
  DEFAULT_MAX_IMAGES,
  PARAGRAPH_ROWS,
  answerLengthNote,
  unsupportedQuestionMessage,
  type FormItem,
} from '@portal/contracts/onboarding';
import type { Draft } from './questionnaire-draft';
import { ImageQuestion } from './image-question';

const inputClass =
  'mt-2 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-invalid:border-red-600';

export const questionInputId = (item: FormItem) => `question-${item.id}`;
const questionErrorId = (item: FormItem) => `question-${item.id}-error`;
const questionCountId = (item: FormItem) => `question-${item.id}-count`;
const isTextQuestion = (item: FormItem) => item.type === 'SINGLE_TEXT_INPUT' || item.type === 'PARAGRAPH_TEXT_INPUT';

/**
 * The length note of a text question: near the limit, how many characters of it are used; over it, by how many
 * (the same count the server makes). Not while the question's error already says how far over it is.
 */
const lengthNoteOf = (item: FormItem, text: string, error: string | undefined) => {
  const length = text.trim().length;
  return isTextQuestion(item) && !(error && length > ANSWER_MAX_CHARS) ? answerLengthNote(length) : null;
};

function LengthNote({ item, text, error }: { item: FormItem; text: string; error: string | undefined }) {
  const length = text.trim().length;
  const note = lengthNoteOf(item, text, error);
  if (!note) return null;
  return (
    <p id={questionCountId(item)} className={`mt-1 text-sm ${length > ANSWER_MAX_CHARS ? 'font-medium text-red-700' : 'text-slate-600'}`}>
      {note[0]!.toUpperCase() + note.slice(1)}
    </p>
  );
}

function Prompt({ item }: { item: FormItem }) {
  return (
    <>
      {item.prompt}
      {item.isRequired && (
        <span className="text-red-700" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </>
  );
}

const promptClass = 'block font-semibold text-slate-900';

export interface QuestionFieldProps {
  item: FormItem;
  draft: Draft;
  subscriptionId: string;
  /** Why this question stops the submit, shown at the question and tied to its input. */
  error?: string;
  onChange(change: (draft: Draft) => Draft): void;
}

/** One question with its error under it, where the eye is when focus moves there. */
export function QuestionField(props: QuestionFieldProps) {
  const { item, error, draft } = props;
  return (
    <>
      <QuestionInput {...props} />
      <LengthNote item={item} text={draft.text} error={error} />
      {error && (
        <p id={questionErrorId(item)} className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </>
  );
}

/** One question of the questionnaire, as its type (spec §9) asks. */
function QuestionInput({ item, draft, subscriptionId, error, onChange }: QuestionFieldProps) {
  const id = questionInputId(item);
  // Screen readers hear the error (and, near the limit, the length) with the question, and know the answer is wanted.
  const describedBy = [
    error ? questionErrorId(item) : null,
    lengthNoteOf(item, draft.text, error) ? questionCountId(item) : null,
  ].filter(Boolean);
  const invalid = {
    ...(error ? { 'aria-invalid': true } : {}),
    ...(describedBy.length > 0 ? { 'aria-describedby': describedBy.join(' ') } : {}),
  };
  const setText = (text: string) => onChange((d) => ({ ...d, text }));
  switch (item.type) {
    case 'SINGLE_TEXT_INPUT':
    case 'PARAGRAPH_TEXT_INPUT':
      return (
        <div>
          <label htmlFor={id} className={promptClass}>
            <Prompt item={item} />
          </label>
          {item.type === 'SINGLE_TEXT_INPUT' ? (
            <input
              id={id}
              type="text"
              className={inputClass}
              value={draft.text}
              aria-required={item.isRequired}
              {...invalid}
              onChange={(e) => setText(e.target.value)}
            />
          ) : (
            <textarea
              id={id}
              rows={PARAGRAPH_ROWS}
              className={inputClass}
              value={draft.text}
              aria-required={item.isRequired}
              {...invalid}
              onChange={(e) => setText(e.target.value)}
            />
          )}
        </div>
      );
    case 'DROPDOWN':
      return (
        <div>
          <label htmlFor={id} className={promptClass}>
            <Prompt item={item} />
          </label>
          <select
            id={id}
            className={inputClass}
            value={draft.text}
            aria-required={item.isRequired}
            {...invalid}
            onChange={(e) => setText(e.target.value)}
          >
            <option value="">Select an option</option>
            {item.options.map((o) => (
              <option key={o.id} value={o.text}>
                {o.text}
              </option>
            ))}
          </select>
        </div>
      );
    case 'MULTIPLE_CHOICE':
    case 'CHECKBOX': {
      const single = item.type === 'MULTIPLE_CHOICE';
      return (
        // A radio group can say it is required; a group of checkboxes cannot (ARIA).
        <fieldset
          id={id}
          tabIndex={-1}
          role={single ? 'radiogroup' : undefined}
          aria-required={single ? item.isRequired : undefined}
          {...invalid}
        >
          <legend className={promptClass}>
            <Prompt item={item} />
          </legend>
          <div className="mt-2 flex flex-col gap-2">
            {item.options.map((o) => (
              <label
                key={o.id}
                className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white px-3 py-2 text-slate-800 hover:border-brand-300"
              >
                <input
                  type={single ? 'radio' : 'checkbox'}
                  name={id}
                  className="h-4 w-4 accent-brand-700"
                  checked={single ? draft.text === o.text : draft.selectedOptionIds.includes(o.id)}
                  onChange={(e) =>
                    single
                      ? setText(o.text)
                      : onChange((d) => ({
                          ...d,
                          selectedOptionIds: e.target.checked
                            ? [...d.selectedOptionIds, o.id]
                            : d.selectedOptionIds.filter((x) => x !== o.id),
                        }))
                  }
                />
                {o.text}
              </label>
            ))}
          </div>
        </fieldset>
      );
    }
    case 'SINGLE_IMAGE_UPLOAD':
    case 'MULTIPLE_IMAGE_UPLOAD':
      return (
        <fieldset id={id} tabIndex={-1} {...invalid}>
          <legend className={promptClass}>
            <Prompt item={item} />
          </legend>
          {item.type === 'MULTIPLE_IMAGE_UPLOAD' && (
            <p className="mt-1 text-sm text-slate-600">
              You can upload up to {item.maxImages ?? DEFAULT_MAX_IMAGES} images.
            </p>
          )}
          <ImageQuestion item={item} draft={draft} subscriptionId={subscriptionId} onChange={onChange} />
        </fieldset>
      );
    default:
      return (
        <div id={id}>
          <p className={promptClass}>{item.prompt}</p>
          <p className="mt-2 text-sm text-slate-700">{unsupportedQuestionMessage(item.type)}</p>
        </div>
      );
  }
}
