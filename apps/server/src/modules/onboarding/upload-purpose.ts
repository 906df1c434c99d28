import { randomUUID } from 'node:crypto';
import { BANNER_IMAGE_TARGET } from '@portal/contracts/onboarding';
import { actsAsStaff } from '../../platform/auth/session.ts';
import type { UploadPurpose } from '../uploads/index.ts';
import { isImageQuestion } from './questionnaire.ts';
import { findFormItem, findOwnSubscription } from './repository.ts';

/** "subscriptionId/formItemId" -> its two ids, or null. */
function parseTarget(targetId: string): { subscriptionId: string; formItemId: string } | null {
  const [subscriptionId, formItemId, ...rest] = targetId.split('/');
  return subscriptionId && formItemId && rest.length === 0 ? { subscriptionId, formItemId } : null;
}

/**
 * Images answering a questionnaire question. Target: "{subscriptionId}/{formItemId}" (see
 * questionnaireImageTarget); the subscription must be the uploader's and the question an image question.
 * Stored at `form_submissions/{uid}/{subscriptionId}/{formItemId}/{random id}` (spec §3).
 */
export const questionnaireImagePurpose: UploadPurpose = {
  kinds: ['image'],
  async canUpload(db, user, targetId) {
    const target = parseTarget(targetId);
    if (!target || !(await findOwnSubscription(db, user.id, target.subscriptionId))) return false;
    const item = await findFormItem(db, target.formItemId);
    return Boolean(item && isImageQuestion(item.type));
  },
  async canRead(db, user, targetId) {
    const target = parseTarget(targetId);
    return Boolean(target && (await findOwnSubscription(db, user.id, target.subscriptionId)));
  },
  storageKey(user, targetId) {
    const { subscriptionId, formItemId } = parseTarget(targetId)!;
    return `form_submissions/${user.id}/${subscriptionId}/${formItemId}/${randomUUID()}`;
  },
};

/**
 * A featured banner's image: staff upload it (target `featured-banners`) before saving the banner; every
 * signed-in user may read it, since every dashboard shows the banners. Stored at `featured_banners/{time}_{id}`.
 */
export const bannerImagePurpose: UploadPurpose = {
  kinds: ['image'],
  canUpload: async (_db, user, targetId) => actsAsStaff(user) && targetId === BANNER_IMAGE_TARGET,
  canRead: async () => true,
  storageKey: (_user, _targetId, _fileName, now) => `featured_banners/${now.getTime()}_${randomUUID()}`,
};
