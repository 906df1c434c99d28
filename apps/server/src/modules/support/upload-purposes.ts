import { CHAT_DOCUMENT_PURPOSE, CHAT_IMAGE_PURPOSE, CHAT_VIDEO_PURPOSE } from '@portal/contracts/support';
import type { UploadKind } from '@portal/contracts/uploads';
import { registerUploadPurpose, sanitizeFileName } from '../uploads/index.ts';
import { findChat } from './repository.ts';

/**
 * Chat media (spec §3 storage paths chat_images/{chatId}/{timestamp}_{filename} and chat_videos/...): the chat's
 * owner and staff may upload to an open chat and read its files.
 */
function registerChatMedia(name: string, kind: UploadKind, folder: string) {
  registerUploadPurpose(name, {
    kinds: [kind],
    canUpload: async (db, user, chatId) => (await findChat(db, user, chatId))?.status === 'OPEN',
    canRead: async (db, user, chatId) => Boolean(await findChat(db, user, chatId)),
    storageKey: (_user, chatId, fileName, now) => `${folder}/${chatId}/${now.getTime()}_${sanitizeFileName(fileName)}`,
  });
}

export function registerChatUploadPurposes() {
  registerChatMedia(CHAT_IMAGE_PURPOSE, 'image', 'chat_images');
  registerChatMedia(CHAT_VIDEO_PURPOSE, 'video', 'chat_videos');
  registerChatMedia(CHAT_DOCUMENT_PURPOSE, 'document', 'chat_documents');
}
