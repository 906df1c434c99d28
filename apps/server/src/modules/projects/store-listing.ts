import type { FastifyInstance } from 'fastify';
import {
  LISTING_INVALID,
  SCREENSHOT_DEVICE_NAMES,
  STORE_LISTING_IMAGE_PURPOSE,
  iconProblem,
  listingTextProblems,
  missingItems,
  screenshotCountProblem,
  screenshotProblem,
  trimmedText,
  type ImageFacts,
  type ListingFieldProblem,
  type ListingImage,
  type ScreenshotDevice,
  type StoreListing,
  type StoreListingDraft,
} from '@portal/contracts/store-listing';
import type { SessionUser } from '../../platform/auth/session.ts';
import type { Db } from '../../platform/db/client.ts';
import { publishChange } from '../../platform/events/change-feed.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { getCompletedUpload, imageSizeOfUpload } from '../uploads/index.ts';
import * as listings from './listing-repository.ts';
import * as repo from './repository.ts';

const PROJECT_NOT_FOUND = 'Project not found.';
type Screenshots = Record<ScreenshotDevice, string[]>;
type App = Pick<FastifyInstance, 'db' | 'config' | 'clock'>;

const NOT_AN_IMAGE: ImageFacts = { format: 'other', width: 0, height: 0, hasAlpha: false };

/**
 * A listing image as stored: an upload of this project's listing with what its bytes say (`facts`), and how readers
 * see it (`image`, null when the file is not a PNG or JPEG); null when it is not such an upload.
 */
async function listingImage(app: App, projectId: string, uploadId: string): Promise<{ image: ListingImage | null; facts: ImageFacts } | null> {
  const upload = await getCompletedUpload(app.db, uploadId);
  if (!upload || upload.purpose !== STORE_LISTING_IMAGE_PURPOSE || upload.targetId !== projectId) return null;
  const size = await imageSizeOfUpload(app.db, app.config, uploadId);
  if (!size) return { image: null, facts: NOT_AN_IMAGE };
  return { image: { uploadId, url: upload.url, format: size.format, width: size.width, height: size.height }, facts: size };
}

const emptyScreenshots = (): Screenshots => ({ iphone69: [], ipad13: [], androidPhone: [] });

/** The listing as its readers see it: images the stored files still show, and what the stores still need. */
async function viewOf(app: App, projectId: string, row: listings.ListingRow | undefined): Promise<StoreListing> {
  const readable = async (id: string | null) => {
    const found = id ? await listingImage(app, projectId, id) : null;
    return found?.image ?? null;
  };
  const stored = { ...emptyScreenshots(), ...(row?.screenshots ?? {}) } as Screenshots;
  const screenshots = Object.fromEntries(
    await Promise.all(
      SCREENSHOT_DEVICE_NAMES.map(async (device) => [device, (await Promise.all(stored[device].map(readable))).filter((image) => image !== null)] as const),
    ),
  ) as StoreListing['screenshots'];
  const fields = {
    appName: row?.appName ?? '',
    shortDescription: row?.shortDescription ?? '',
    fullDescription: row?.fullDescription ?? '',
    keywords: row?.keywords ?? '',
    supportUrl: row?.supportUrl ?? '',
    privacyUrl: row?.privacyUrl ?? '',
    category: row?.category ?? '',
    icon: await readable(row?.iconUploadId ?? null),
    screenshots,
  };
  const missing = missingItems(fields);
  return { projectId, ...fields, updatedTimestamp: row?.updatedAt.getTime() ?? null, missing, ready: missing.length === 0 };
}

/** A project's listing, for whoever may see the project (launch checklist, staff). */
export async function listingOfProject(app: App, projectId: string): Promise<StoreListing> {
  return viewOf(app, projectId, await listings.findListing(app.db, projectId));
}

async function ownProject(db: Db, userId: string, projectId: string) {
  const project = await repo.findProjectOfUser(db, userId, projectId);
  if (!project) throw notFound(PROJECT_NOT_FOUND);
  return project;
}

/** The owner's listing; another customer's project answers 404, as a missing one does. */
export async function getOwnListing(app: App, userId: string, projectId: string): Promise<StoreListing> {
  await ownProject(app.db, userId, projectId);
  return listingOfProject(app, projectId);
}

/** Staff: any project's listing. */
export async function getListingForStaff(app: App, projectId: string): Promise<StoreListing> {
  if (!(await repo.findProject(app.db, projectId))) throw notFound(PROJECT_NOT_FOUND);
  return listingOfProject(app, projectId);
}

/** Every problem of the images: each must be this listing's upload, of a size the store takes, within the count. */
async function imageProblems(app: App, projectId: string, draft: StoreListingDraft, screenshots: Screenshots): Promise<ListingFieldProblem[]> {
  const notOurs = 'This image was not uploaded for this listing. Upload it again.';
  const problems: ListingFieldProblem[] = [];
  if (draft.iconUploadId) {
    const found = await listingImage(app, projectId, draft.iconUploadId);
    const message = found ? iconProblem(found.facts) : notOurs;
    if (message) problems.push({ field: 'iconUploadId', message });
  }
  for (const device of SCREENSHOT_DEVICE_NAMES) {
    const field = `screenshots.${device}`;
    const tooMany = screenshotCountProblem(device, screenshots[device].length);
    if (tooMany) {
      problems.push({ field, message: tooMany });
      continue;
    }
    const found = await Promise.all(screenshots[device].map((id) => listingImage(app, projectId, id)));
    const messages = found.map((image, index) => {
      const message = image ? screenshotProblem(device, image.facts) : notOurs;
      return message && `Screenshot ${index + 1}: ${message}`;
    });
    const first = messages.find(Boolean);
    if (first) problems.push({ field, message: first });
  }
  return problems;
}

/**
 * Saves the owner's listing as a draft: empty fields are kept empty, wrong ones refused (400 LISTING_INVALID naming
 * each field). The save is audited with the listing before and after, and the project's readers refetch.
 */
export async function saveOwnListing(app: App, user: SessionUser, projectId: string, draft: StoreListingDraft): Promise<StoreListing> {
  const project = await ownProject(app.db, user.id, projectId);
  const screenshots = Object.fromEntries(SCREENSHOT_DEVICE_NAMES.map((device) => [device, [...new Set(draft.screenshots[device])]])) as Screenshots;
  const problems: ListingFieldProblem[] = Object.entries(listingTextProblems(draft)).map(([field, message]) => ({ field, message: message! }));
  problems.push(...(await imageProblems(app, projectId, draft, screenshots)));
  if (problems.length > 0) throw badRequest(LISTING_INVALID.code, LISTING_INVALID.message, { fields: problems });

  const now = app.clock();
  const columns: listings.ListingColumns = { ...trimmedText(draft), iconUploadId: draft.iconUploadId, screenshots };
  const saved = await app.db.transaction(async (tx) => {
    const before = await listings.findListing(tx, projectId, true);
    const row = await listings.saveListing(tx, projectId, columns, user.id, now);
    await recordAudit(tx, {
      actor: { id: user.id, name: user.name },
      action: 'project.store-listing.save',
      entityType: 'project',
      entityId: projectId,
      customerId: project.userId,
      before: before ? auditedFields(before) : null,
      after: auditedFields(row),
      now,
    });
    await publishChange(tx, { topic: `projects:${projectId}`, audience: { userId: project.userId } });
    return row;
  });
  return viewOf(app, projectId, saved);
}

/** What an audit entry keeps of a listing: its fields (who saved it and when are the entry's own). */
const auditedFields = ({ updatedAt: _at, updatedBy: _by, ...fields }: listings.ListingRow) => fields;
