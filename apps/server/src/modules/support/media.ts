import { CHAT_DOCUMENT_PURPOSE, CHAT_IMAGE_PURPOSE, CHAT_VIDEO_PURPOSE } from '@portal/contracts/support';
import type { UploadKind } from '@portal/contracts/uploads';
import type { Db } from '../../platform/db/client.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { getCompletedUpload } from '../uploads/index.ts';

export { fileUrl } from '@portal/contracts/uploads';

const PURPOSE_OF = { image: CHAT_IMAGE_PURPOSE, video: CHAT_VIDEO_PURPOSE, document: CHAT_DOCUMENT_PURPOSE } as const;

/**
 * The upload a media message names, if it is a finished, checked file of the right kind that this sender
 * uploaded for this chat; anything else is refused the same way, so nothing about other files leaks.
 */
export async function requireChatUpload(db: Db, uploadId: string, kind: UploadKind, chatId: string, senderId: string): Promise<string> {
  const upload = await getCompletedUpload(db, uploadId);
  const fits = upload && upload.purpose === PURPOSE_OF[kind] && upload.targetId === chatId && upload.userId === senderId;
  if (!fits) throw badRequest('UPLOAD_NOT_FOUND', `That ${kind} was not uploaded to this chat.`);
  return upload.id;
}
