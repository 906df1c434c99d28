import { CHAT_DOCUMENT_PURPOSE, CHAT_IMAGE_PURPOSE, CHAT_VIDEO_PURPOSE } from '@portal/contracts/support';
import type { UploadKind } from '@portal/contracts/uploads';
import { sanitizeFileName, type UploadPurpose, type UploadPurposes } from '../uploads/index.ts';
import { findChat } from './repository.ts';

/**
 * Chat media (spec §3 storage paths chat_images/{chatId}/{timestamp}_{filename} and chat_videos/...): the chat's
 * owner and staff may upload to an open chat and read its files.
 */
const chatMedia = (kind: UploadKind, folder: string): UploadPurpose => ({
  kinds: [kind],
  canUpload: async (db, user, chatId) => (await findChat(db, user, chatId))?.status === 'OPEN',
  canRead: async (db, user, chatId) => Boolean(await findChat(db, user, chatId)),
  storageKey: (_user, chatId, fileName, now) => `${folder}/${chatId}/${now.getTime()}_${sanitizeFileName(fileName)}`,
});

export const chatUploadPurposes: UploadPurposes = {
  [CHAT_IMAGE_PURPOSE]: chatMedia('image', 'chat_images'),
  [CHAT_VIDEO_PURPOSE]: chatMedia('video', 'chat_videos'),
  [CHAT_DOCUMENT_PURPOSE]: chatMedia('document', 'chat_documents'),
};
