import { z } from 'zod';
import {
  cents,
  isObject,
  keepId,
  millis,
  optionalText,
  text,
  type ParseContext,
  type ParsedUser,
  type UserRecord,
} from '../context.ts';

/** Subscriptions (`UserSubscriptions/{uid}`), their questionnaire answers and their completion steps. */

const answerSchema = z.object({
  formItemId: text,
  prompt: text,
  type: text,
  order: z.coerce.number().int(),
  answer: z.string().optional(),
  selectedOptionIds: z.array(z.string()).optional(),
  selectedOptionsText: z.array(z.string()).optional(),
  answers: z.array(z.string()).optional(),
});
const formSchema = z.object({ submittedAt: millis.optional(), answers: z.array(answerSchema) });
const stepSchema = z.object({
  StepStatus: z.string().default('pending'),
  StepIndex: z.coerce.number().int(),
  StepDetails: z.string(),
  CompletedTimestamp: millis.nullish(),
});
const subscriptionRecord = z.object({
  Status: z.string().min(1),
  ServiceId: z.string().min(1),
  ServiceTitle: z.string(),
  Price: z.union([z.string(), z.number()]).transform(String),
  Amount: cents,
  Recurring: z.string(),
  StartDate: millis,
  DueDate: millis,
  CardId: optionalText,
  CardBrand: optionalText,
  CardLast4: optionalText,
  Forms: z.object({ NewSubscriptionForm: formSchema.optional() }).partial().nullish(),
  CompletionSteps: z.record(z.string(), stepSchema).nullish(),
});

/** `cardIds`: the parsed cards, which a subscription may name. */
export function parseSubscriptions(
  { nested, read, refuse, root, ownerOf, fileOf }: ParseContext,
  cardIds: Set<string>,
) {
  const subscriptionCopies = root('Subscriptions');
  const subscriptions: (UserRecord<z.output<typeof subscriptionRecord>> & { cardId: string | null })[] = [];
  const forms: {
    subscriptionId: string;
    path: string;
    user: ParsedUser;
    submittedAt: Date;
    answers: z.output<typeof answerSchema>[];
  }[] = [];
  const steps: (UserRecord<z.output<typeof stepSchema>> & { subscriptionId: string })[] = [];
  for (const { uid, key: subscriptionId, path, value } of nested('UserSubscriptions', 'subscription')) {
    {
      const s = read(subscriptionRecord, value, path);
      const user = s && ownerOf(uid, path);
      if (!s || !user) continue;
      const id = keepId('subscription', subscriptionId);
      const wantedCard = s.CardId ?? user.defaultCardId;
      const cardId = wantedCard ? keepId('card', wantedCard) : null;
      if (s.CardId && !cardIds.has(cardId!)) {
        refuse(`${path}/CardId`, `no card "${s.CardId}" of this user in Cards`);
        continue;
      }
      subscriptions.push({ id, path, user, value: s, cardId: cardId && cardIds.has(cardId) ? cardId : null });
      const copy = subscriptionCopies[subscriptionId];
      const form =
        s.Forms?.NewSubscriptionForm ??
        (isObject(copy) && isObject(copy.Forms)
          ? read(
              formSchema,
              copy.Forms.NewSubscriptionForm,
              `Subscriptions/${subscriptionId}/Forms/NewSubscriptionForm`,
            )
          : null);
      if (form) {
        const formPath = `${path}/Forms/NewSubscriptionForm`;
        forms.push({
          subscriptionId: id,
          path: formPath,
          user,
          submittedAt: form.submittedAt ?? s.StartDate,
          answers: form.answers.map((a) => ({
            ...a,
            ...(a.answers
              ? {
                  answers: a.answers.map((url) =>
                    fileOf(url, {
                      ownerUid: uid,
                      purpose: 'questionnaire-image',
                      targetId: id,
                      referencedBy: formPath,
                    })!,
                  ),
                }
              : {}),
          })),
        });
      }
      for (const [stepId, step] of Object.entries(s.CompletionSteps ?? {}))
        steps.push({
          id: `${id}:${stepId}`,
          path: `${path}/CompletionSteps/${stepId}`,
          subscriptionId: id,
          user,
          value: step,
        });
    }
  }
  return { subscriptions, forms, steps };
}

/**
 * A record of `user` may name one of the user's subscriptions: `named` as stored here, null when it names none, or
 * false (refused at `path`) when it is no subscription of this user in the export.
 */
export type SubscriptionOfUser = (
  named: string | null | undefined,
  user: ParsedUser,
  path: string,
) => string | null | false;

export function subscriptionOfUser(
  { refuse }: ParseContext,
  subscriptions: { id: string; user: ParsedUser }[],
): SubscriptionOfUser {
  const owner = new Map(subscriptions.map((s) => [s.id, s.user.uid]));
  return (named, user, path) => {
    const id = named ? keepId('subscription', named) : null;
    if (!id || owner.get(id) === user.uid) return id;
    refuse(path, `no subscription "${named}" of this user in UserSubscriptions`);
    return false;
  };
}
