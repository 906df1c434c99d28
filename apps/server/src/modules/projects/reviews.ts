import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { fileUrl } from '@portal/contracts/uploads';
import {
  PROJECT_MARKUP_PURPOSE,
  PROJECT_PREVIEW_PURPOSE,
  reviewErrorCodes as codes,
  type ProjectReviews,
  type postPreviewSchema,
  type reviewDecisionSchema,
} from '@portal/contracts/project-reviews';
import type { SessionUser } from '../../platform/auth/session.ts';
import type { Db } from '../../platform/db/client.ts';
import { publishChange } from '../../platform/events/change-feed.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { sendDecisionAlert, sendDecisionCopy, sendPreviewPosted } from '../notifications/index.ts';
import { getCompletedUpload } from '../uploads/index.ts';
import * as repo from './repository.ts';
import * as reviews from './reviews-repository.ts';
import type { ReviewAttachment } from './schema.ts';

type PostPreview = z.output<typeof postPreviewSchema>;
type Decision = z.output<typeof reviewDecisionSchema>;

const PROJECT_NOT_FOUND = 'Project not found.';

/** The history as both sides read it: every stage, and every entry with its files as URLs. */
async function historyOf(db: Db, projectId: string): Promise<ProjectReviews> {
  const [stages, entries] = await Promise.all([reviews.stagesOfProject(db, projectId), reviews.reviewsOfProject(db, projectId)]);
  const nameOf = new Map(stages.map((s) => [s.id, s.name]));
  return {
    stages: stages.map((stage) => {
      const own = entries.filter((e) => e.stageId === stage.id);
      const latest = Math.max(0, ...own.filter((e) => e.kind === 'preview').map((e) => e.round));
      const open = latest > 0 && !stage.approvedAt && !own.some((e) => e.kind !== 'preview' && e.round === latest);
      return { stageId: stage.id, name: stage.name, position: stage.position, openRound: open ? latest : null, approvedTimestamp: stage.approvedAt?.getTime() ?? null };
    }),
    entries: entries.map((e) => ({
      reviewId: e.id,
      stageId: e.stageId,
      stageName: nameOf.get(e.stageId) ?? '',
      round: e.round,
      kind: e.kind,
      author: { name: e.authorName, role: e.authorRole },
      timestamp: e.createdAt.getTime(),
      comment: e.comment,
      link: e.link,
      attachments: e.attachments.map((a) => ({ url: fileUrl(a.uploadId), kind: a.kind })),
    })),
  };
}

/** The owner's history; another customer's project answers 404, as a missing one does. */
export async function listOwnReviews(db: Db, userId: string, projectId: string): Promise<ProjectReviews> {
  if (!(await repo.findProjectOfUser(db, userId, projectId))) throw notFound(PROJECT_NOT_FOUND);
  return historyOf(db, projectId);
}

export async function listReviewsForStaff(db: Db, projectId: string): Promise<ProjectReviews> {
  if (!(await repo.findProject(db, projectId))) throw notFound(PROJECT_NOT_FOUND);
  return historyOf(db, projectId);
}

/**
 * The files an entry names, each a finished upload of this purpose for this project (and, for a customer's markup,
 * their own); anything else is refused the same way, so nothing about other files leaks.
 */
async function requireUploads(db: Db, ids: string[], purpose: string, projectId: string, uploaderId?: string): Promise<ReviewAttachment[]> {
  const attachments: ReviewAttachment[] = [];
  for (const id of new Set(ids)) {
    const upload = await getCompletedUpload(db, id);
    const fits = upload && upload.purpose === purpose && upload.targetId === projectId && (!uploaderId || upload.userId === uploaderId);
    if (!fits || (upload.kind !== 'image' && upload.kind !== 'video')) throw badRequest(codes.uploadNotFound, 'That file was not uploaded to this project.');
    attachments.push({ uploadId: upload.id, kind: upload.kind });
  }
  return attachments;
}

async function lockedStage(tx: Db, projectId: string, stageId: string) {
  const stage = await reviews.lockStage(tx, projectId, stageId);
  if (!stage) throw notFound('Stage not found.');
  if (stage.approvedAt) throw conflict(codes.stageApproved, 'This stage is already approved.');
  return stage;
}

/** The project's pages, and the owner's dashboard, whose Action Center lists a preview waiting for them. */
async function publish(tx: Db, project: { id: string; userId: string }) {
  await publishChange(tx, { topic: `projects:${project.id}`, audience: { userId: project.userId } });
  await publishChange(tx, { topic: `dashboard:${project.userId}`, audience: { userId: project.userId } });
}

/** Staff post a preview to a stage: it opens the stage's next round and tells the customer. */
export async function postPreview(app: Pick<FastifyInstance, 'config' | 'db' | 'mail'>, staff: SessionUser, projectId: string, input: PostPreview, now: Date): Promise<ProjectReviews> {
  return app.db.transaction(async (tx) => {
    const found = await repo.findProject(tx, projectId);
    if (!found) throw notFound(PROJECT_NOT_FOUND);
    const { project } = found;
    const stage = await lockedStage(tx, projectId, input.stageId);
    const attachments = await requireUploads(tx, input.attachments, PROJECT_PREVIEW_PURPOSE, projectId);
    const round = (await reviews.roundsOfStage(tx, stage.id)).latest + 1;
    const entry = { id: randomUUID(), projectId, stageId: stage.id, round, kind: 'preview' as const, authorId: staff.id, authorRole: 'staff' as const, authorName: staff.name || staff.email, comment: input.note, link: input.link || null, attachments, createdAt: now };
    // The stage row is held above, so rounds are numbered one at a time; the unique index stands behind it.
    if (!(await reviews.insertReview(tx, entry))) throw conflict(codes.roundDecided, 'Another preview was just posted to this stage.');
    await publish(tx, project);
    await sendPreviewPosted(app, tx, { projectId, projectName: project.projectName, userId: project.userId, stageName: stage.name, round, note: entry.comment, link: entry.link, files: attachments.length });
    await recordAudit(tx, { actor: staff, action: 'project.preview', entityType: 'project', entityId: projectId, customerId: project.userId, before: null, after: { projectName: project.projectName, stageName: stage.name, ...entry }, now });
    return historyOf(tx, projectId);
  });
}

/** Why the customer may not decide this round, if they may not. */
function refusalOf(rounds: { latest: number; decided: Set<number> }, round: number) {
  if (rounds.latest === 0 || round > rounds.latest) return conflict(codes.noPreview, 'There is no preview to review for this stage.');
  if (rounds.decided.has(round)) return conflict(codes.roundDecided, 'This round is already decided.');
  if (round < rounds.latest) return conflict(codes.roundSuperseded, 'A newer preview replaced this one; review the latest.');
  return null;
}

/**
 * The owner approves a stage's open round or asks for changes. Approving sets the stage's approval only where it is
 * not yet set, so a stage is approved once however many requests arrive together (409 STAGE_ALREADY_APPROVED).
 */
export async function decide(app: Pick<FastifyInstance, 'config' | 'db' | 'mail'>, user: SessionUser, projectId: string, input: Decision, now: Date): Promise<ProjectReviews> {
  return app.db.transaction(async (tx) => {
    const project = await repo.findProjectOfUser(tx, user.id, projectId);
    if (!project) throw notFound(PROJECT_NOT_FOUND);
    const stage = await lockedStage(tx, projectId, input.stageId);
    const refusal = refusalOf(await reviews.roundsOfStage(tx, stage.id), input.round);
    if (refusal) throw refusal;
    const attachments = await requireUploads(tx, input.attachments, PROJECT_MARKUP_PURPOSE, projectId, user.id);
    const approving = input.decision === 'approved';
    if (approving && !(await reviews.approveStage(tx, stage.id, user.id, now))) throw conflict(codes.stageApproved, 'This stage is already approved.');
    const entry = { id: randomUUID(), projectId, stageId: stage.id, round: input.round, kind: input.decision, authorId: user.id, authorRole: 'customer' as const, authorName: user.name || user.email, comment: input.comment, link: null, attachments, createdAt: now };
    if (!(await reviews.insertReview(tx, entry))) throw conflict(codes.roundDecided, 'This round is already decided.');
    await publish(tx, project);
    const decision = { projectId, projectName: project.projectName, userId: user.id, customerName: entry.authorName, stageName: stage.name, round: input.round, decision: input.decision, comment: input.comment, files: attachments.length };
    await sendDecisionCopy(app, tx, decision);
    await sendDecisionAlert(app, tx, { ...decision, previewAuthorId: (await reviews.previewOfRound(tx, stage.id, input.round))?.authorId ?? null });
    const action = approving ? 'project.approve' : 'project.request-changes';
    await recordAudit(tx, { actor: { id: user.id, name: entry.authorName }, action, entityType: 'project', entityId: projectId, customerId: user.id, before: null, after: { projectName: project.projectName, stageName: stage.name, ...entry }, now });
    return historyOf(tx, projectId);
  });
}
