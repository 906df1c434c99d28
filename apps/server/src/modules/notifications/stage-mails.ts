import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import { portalLinks } from './links.ts';
import { mailDate, mailUser } from './mails.ts';

/** A stage staff marked reached, with the project it belongs to and the stage now being worked on. */
export interface ReachedStage {
  projectId: string;
  userId: string;
  projectName: string;
  stageName: string;
  reachedAt: Date;
  next: { name: string; expectedAt: Date | null } | null;
}

/** A stage of the customer's project was reached; skipped when they turned stage e-mails off (projectStages). */
export async function sendStageReached(app: Pick<FastifyInstance, 'config' | 'mail'>, tx: Db, stage: ReachedStage) {
  const next = stage.next;
  const nextLine = !next
    ? 'That was the last stage of the build.'
    : next.expectedAt
      ? `Next: ${next.name}, expected by ${mailDate(next.expectedAt)}.`
      : `Next: ${next.name}.`;
  return mailUser(
    app,
    tx,
    stage.userId,
    {
      kind: 'project-stage-reached',
      subject: `${stage.projectName}: ${stage.stageName} reached`,
      notice: {
        heading: `${stage.stageName} reached`,
        paragraphs: [`Your project ${stage.projectName} reached the ${stage.stageName} stage on ${mailDate(stage.reachedAt)}.`, nextLine],
        action: { label: 'View your project', url: portalLinks(app).projectDetails(stage.projectId) },
        footnote: 'You can turn off stage e-mails in your account settings.',
      },
    },
    'projectStages',
  );
}
