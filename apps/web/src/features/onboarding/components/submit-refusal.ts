import {
  QUESTIONNAIRE_ERRORS,
  QUESTIONNAIRE_REFUSALS,
  questionnaireRefusalSchema,
} from '@portal/contracts/onboarding';
import { ApiError } from '@/lib/api-client';

/** What a refused request says: at each question concerned (by question id), and once near the button. */
export interface Refusal {
  questions: Record<string, string>;
  summary: string;
}

const WORDED_CODES = new Set<string>(Object.values(QUESTIONNAIRE_REFUSALS).map((refusal) => refusal.code));

/**
 * Reads a refusal of the questionnaire's routes. The server's words are shown only for the refusals the
 * questionnaire's contract words (a bad request's own message names schema paths, which are not for customers);
 * anything else is the catalogue's message (spec §8).
 */
export function refusalOf(failure: unknown, otherwise: string = QUESTIONNAIRE_ERRORS.submitFailed): Refusal {
  if (!(failure instanceof ApiError) || !WORDED_CODES.has(failure.code)) return { questions: {}, summary: otherwise };
  const parsed = questionnaireRefusalSchema.safeParse(failure.body);
  const questions = Object.fromEntries((parsed.data?.error.questions ?? []).map((q) => [q.formItemId, q.message]));
  return { questions, summary: failure.message };
}
