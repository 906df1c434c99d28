import { reviewErrorCodes } from '@portal/contracts/project-reviews';
import { ApiError } from '@/lib/api-client';

const SAID_BY_SERVER = new Set<string>([reviewErrorCodes.roundDecided, reviewErrorCodes.roundSuperseded, reviewErrorCodes.stageApproved, reviewErrorCodes.noPreview, reviewErrorCodes.uploadNotFound]);

/** What a refused decision says: the server's words for the refusals people can act on, else a generic failure. */
export const decisionFailure = (failure: unknown) =>
  failure instanceof ApiError && SAID_BY_SERVER.has(failure.code) ? failure.message : 'Could not send your answer. Please try again.';
