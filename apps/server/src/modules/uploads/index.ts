/**
 * Uploads: tus resumable uploads checked by purpose, and the finished files. Other modules declare the purposes
 * of their uploads (`PortalModule.uploadPurposes`) and accept a finished upload a user names through `getCompletedUpload`.
 */
import type { PortalModule } from '../../platform/portal-module.ts';
import { uploadRoutes } from './routes.ts';
import { abandonedUploadSweep } from './sweep.ts';

export { isSafeStorageKey, sanitizeFileName, type UploadPurpose, type UploadPurposes } from './purposes.ts';
export { getCompletedUpload, type CompletedUpload } from './service.ts';
export { eraseUploadAt, eraseUploadsOf } from './erase.ts';
export { uploads } from './schema.ts';
export { prepareUploadStorage, uploadStorage } from './storage.ts';
export type { UploadStorage } from './upload-storage.ts';
export { sniff, SNIFF_BYTES } from './sniff.ts';
export { imageSizeOfUpload, readImageSize, bufferReader, type ImageSize } from './image-size.ts';
export { upsertUploads } from './repository.ts';

export const uploadsModule: PortalModule = { name: 'uploads', routes: [uploadRoutes], work: [abandonedUploadSweep] };
