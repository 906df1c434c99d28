import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, eq, ne } from 'drizzle-orm';
import { type Banner, BANNER_IMAGE_PURPOSE, BANNER_IMAGE_TARGET, type BannerInput } from '@portal/contracts/onboarding';
import { topics } from '@portal/contracts/topics';
import { fileIdFromUrl } from '@portal/contracts/uploads';
import type { SessionUser } from '../../platform/auth/session.ts';
import type { Db } from '../../platform/db/client.ts';
import { importedTable } from '../../platform/db/imported-table.ts';
import { publishChange } from '../../platform/events/change-feed.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { featuredBanners } from './schema.ts';
import { eraseUploadAt, getCompletedUpload } from '../uploads/index.ts';
import { toBanner } from './service.ts';

type Row = typeof featuredBanners.$inferSelect;

/** The content importer's writer of the dashboard's banners. */
export const importedBanners = importedTable(featuredBanners, 'id');
const actor = (user: SessionUser) => ({ id: user.id, name: user.name });
/** Open dashboards (the public `banners` topic) refetch. */
const published = (tx: Db) => publishChange(tx, { topic: topics.banners, audience: { public: true } });

/**
 * The image a banner may show: the one it has, or a finished banner-image upload that no other banner shows (so
 * that deleting one banner never takes another's image).
 */
async function acceptedImage(tx: Db, imageUrl: string, banner: Row | null): Promise<string> {
  if (banner && imageUrl === banner.imageUrl) return imageUrl;
  const fileId = fileIdFromUrl(imageUrl);
  const upload = fileId ? await getCompletedUpload(tx, fileId) : null;
  if (!upload || upload.purpose !== BANNER_IMAGE_PURPOSE || upload.targetId !== BANNER_IMAGE_TARGET)
    throw badRequest('IMAGE_NOT_UPLOADED', 'Upload the banner image first.');
  const others = banner ? and(eq(featuredBanners.imageUrl, upload.url), ne(featuredBanners.id, banner.id)) : eq(featuredBanners.imageUrl, upload.url);
  const [used] = await tx.select({ id: featuredBanners.id }).from(featuredBanners).where(others);
  if (used) throw badRequest('IMAGE_IN_USE', 'That image belongs to another banner: upload it again.');
  return upload.url;
}

const fields = (input: BannerInput) => ({ linkUrl: input.linkUrl || null, title: input.title || null, subtitle: input.subtitle || null });

export async function createBanner(app: Pick<FastifyInstance, 'clock' | 'db'>, staff: SessionUser, input: BannerInput): Promise<Banner> {
  const now = app.clock();
  return app.db.transaction(async (tx) => {
    const imageUrl = await acceptedImage(tx, input.imageUrl, null);
    const [row] = await tx.insert(featuredBanners).values({ id: randomUUID(), imageUrl, ...fields(input), timeCreated: now }).returning();
    await recordAudit(tx, { actor: actor(staff), action: 'banner.create', entityType: 'banner', entityId: row!.id, customerId: null, before: null, after: row, now });
    await published(tx);
    return toBanner(row!);
  });
}

async function lockBanner(tx: Db, bannerId: string): Promise<Row> {
  const [row] = await tx.select().from(featuredBanners).where(eq(featuredBanners.id, bannerId)).for('update');
  if (!row) throw notFound('Banner not found.');
  return row;
}

/** Changes a banner; an uploaded image it no longer shows is deleted once the change is committed. */
export async function updateBanner(app: Pick<FastifyInstance, 'clock' | 'config' | 'db'>, staff: SessionUser, bannerId: string, input: BannerInput): Promise<Banner> {
  const now = app.clock();
  const { banner, eraseBytes } = await app.db.transaction(async (tx) => {
    const before = await lockBanner(tx, bannerId);
    const imageUrl = await acceptedImage(tx, input.imageUrl, before);
    const [row] = await tx.update(featuredBanners).set({ imageUrl, ...fields(input) }).where(eq(featuredBanners.id, bannerId)).returning();
    const erase = imageUrl === before.imageUrl ? async () => undefined : await eraseUploadAt(tx, app.config, before.imageUrl, BANNER_IMAGE_PURPOSE);
    await recordAudit(tx, { actor: actor(staff), action: 'banner.update', entityType: 'banner', entityId: bannerId, customerId: null, before, after: row, now });
    await published(tx);
    return { banner: toBanner(row!), eraseBytes: erase };
  });
  await eraseBytes();
  return banner;
}

/** Deletes a banner and, once that is committed, its uploaded image (an imported image elsewhere stays). */
export async function deleteBanner(app: Pick<FastifyInstance, 'clock' | 'config' | 'db'>, staff: SessionUser, bannerId: string): Promise<void> {
  const now = app.clock();
  const eraseBytes = await app.db.transaction(async (tx) => {
    const before = await lockBanner(tx, bannerId);
    await tx.delete(featuredBanners).where(eq(featuredBanners.id, bannerId));
    const erase = await eraseUploadAt(tx, app.config, before.imageUrl, BANNER_IMAGE_PURPOSE);
    await recordAudit(tx, { actor: actor(staff), action: 'banner.delete', entityType: 'banner', entityId: bannerId, customerId: null, before, after: null, now });
    await published(tx);
    return erase;
  });
  await eraseBytes();
}
