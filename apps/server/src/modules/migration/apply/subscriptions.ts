import { inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { upsertFormSubmissions } from '../../onboarding/index.ts';
import { services } from '../../plans/index.ts';
import { billingAnchorDayOf, upsertCompletionSteps, upsertSubscriptions } from '../../subscriptions/index.ts';
import type { Refusal, WriteContext } from '../context.ts';
import type { ParsedMigration } from '../parse.ts';

/** Subscriptions and payments name plans that exist here or come in the same export's Services. */
export async function checkPlans(db: Db, database: unknown, parsed: ParsedMigration, refused: Refusal[]) {
  const exported =
    database && typeof database === 'object' && 'Services' in database
      ? Object.keys((database as { Services: object }).Services ?? {})
      : [];
  const wanted = [...new Set(parsed.subscriptions.map((s) => s.value.ServiceId))];
  const existing = new Set(
    wanted.length
      ? (await db.select({ id: services.id }).from(services).where(inArray(services.id, wanted))).map(
          (r) => r.id,
        )
      : [],
  );
  for (const id of exported) existing.add(id);
  for (const s of parsed.subscriptions)
    if (!existing.has(s.value.ServiceId))
      refused.push({ path: `${s.path}/ServiceId`, reason: `no plan "${s.value.ServiceId}" in Services` });
}

/** The kept users' subscriptions, their completion steps and their questionnaire answers. */
export async function writeSubscriptions(
  { upsert, keep }: WriteContext,
  parsed: Pick<ParsedMigration, 'subscriptions' | 'steps' | 'forms'>,
) {
  const subscriptionList = keep(parsed.subscriptions);
  const UserSubscriptions = await upsert(
    upsertSubscriptions,
    subscriptionList.map(({ id, user, value: s, cardId }) => ({
      id,
      userId: user.id,
      status: s.Status,
      serviceId: s.ServiceId,
      serviceTitle: s.ServiceTitle,
      price: s.Price,
      amount: s.Amount,
      recurring: s.Recurring,
      startDate: s.StartDate,
      dueDate: s.DueDate,
      // The original system's due dates drift to the 28th after February; the billing day is the start's (0057).
      billingAnchorDay: billingAnchorDayOf(s.StartDate),
      cardId,
      cardBrand: s.CardBrand,
      cardLast4: s.CardLast4,
      createdAt: s.StartDate,
    })),
    [
      'userId',
      'status',
      'serviceId',
      'serviceTitle',
      'price',
      'amount',
      'recurring',
      'startDate',
      'dueDate',
      'billingAnchorDay',
      'cardId',
      'cardBrand',
      'cardLast4',
    ],
  );
  const CompletionSteps = await upsert(
    upsertCompletionSteps,
    keep(parsed.steps).map(({ id, subscriptionId, user, value: s }) => ({
      id,
      subscriptionId,
      userId: user.id,
      stepIndex: s.StepIndex,
      stepDetails: s.StepDetails,
      stepStatus: s.StepStatus,
      completedAt: s.CompletedTimestamp ?? null,
    })),
    ['stepIndex', 'stepDetails', 'stepStatus', 'completedAt'],
  );
  const Forms = await upsert(
    upsertFormSubmissions,
    keep(parsed.forms).map((f) => ({
      subscriptionId: f.subscriptionId,
      userId: f.user.id,
      submittedAt: f.submittedAt,
      answers: f.answers,
    })),
    ['userId', 'submittedAt', 'answers'],
  );
  return { UserSubscriptions, CompletionSteps, Forms };
}
