import { z } from 'zod';
import type { SubscriptionOfUser } from './subscriptions.ts';
import { keepId, millis, optionalText, type ParseContext, type UserRecord } from '../context.ts';

/** Projects (`Projects/{id}`): each of a user, and of one of the user's subscriptions when it names one. */

const projectRecord = z.object({
  userId: z.string().min(1),
  projectName: z.string().min(1),
  businessName: z.string().default(''),
  businessLogo: optionalText,
  clientNotes: optionalText,
  releaseStatus: z.string().default('PENDING'),
  createdTimestamp: millis,
  lastModifiedTimestamp: millis.optional(),
  publishedTimestamp: millis.nullish(),
  subscriptionId: optionalText,
  deliverables: z
    .object({
      playStoreUrl: optionalText,
      appStoreUrl: optionalText,
      websiteUrl: optionalText,
      apkDownloadUrl: optionalText,
    })
    .partial()
    .default({}),
});

export function parseProjects(
  { read, root, ownerOf, fileOf }: ParseContext,
  subscriptionOf: SubscriptionOfUser,
) {
  const projects: (UserRecord<z.output<typeof projectRecord>> & { subscriptionId: string | null })[] = [];
  for (const [projectId, value] of Object.entries(root('Projects'))) {
    const path = `Projects/${projectId}`;
    const p = read(projectRecord, value, path);
    const user = p && ownerOf(p.userId, `${path}/userId`);
    if (!p || !user) continue;
    const id = keepId('project', projectId);
    const subscriptionId = subscriptionOf(p.subscriptionId, user, `${path}/subscriptionId`);
    if (subscriptionId === false) continue;
    p.businessLogo = fileOf(p.businessLogo, {
      ownerUid: user.uid,
      purpose: 'project-logo',
      targetId: id,
      referencedBy: path,
    });
    projects.push({ id, path, user, value: p, subscriptionId });
  }
  return projects;
}
