import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext, type TestUser } from './helpers.ts';
import { jpegBytes, pngBytes } from './image-bytes.ts';
import { call, listen, openTopics, signUpStaff, waitFor } from './staff-helpers.ts';
import { fileBytes, createUpload, uploadSmall } from './uploads-helpers.ts';

let ctx: TestContext;
let staff: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await signUpStaff(ctx);
});
afterAll(async () => ctx.close());

const newProject = async (owner: TestUser) => {
  const res = await call(ctx.app, staff, 'POST', '/api/staff/projects', { ownerId: owner.id, projectName: 'Bakery App', businessName: 'Rosa Bakes' });
  expect(res.status).toBe(201);
  return res.body.projectId as string;
};

const upload = (owner: TestUser, projectId: string, bytes: Buffer, filetype = 'image/png') =>
  uploadSmall(ctx.app, owner.cookie, { purpose: 'store-listing-image', targetId: projectId, filetype }, bytes);

const listingUrl = (projectId: string) => `/api/projects/${projectId}/store-listing`;
const save = (owner: TestUser, projectId: string, body: Record<string, unknown>) => call(ctx.app, owner, 'PUT', listingUrl(projectId), body);

const TEXT = {
  appName: 'Rosa Bakes',
  shortDescription: 'Order fresh bread and cakes from Rosa Bakes.',
  fullDescription: 'Browse the menu, order ahead and collect in the shop.\nLoyalty stamps included.',
  keywords: 'bakery,bread,cakes',
  supportUrl: 'https://rosabakes.example.com/help',
  privacyUrl: 'https://rosabakes.example.com/privacy',
  category: 'Food & Drink',
};

/** Uploads a valid icon and the screenshots both stores need. */
async function validImages(owner: TestUser, projectId: string) {
  const icon = await upload(owner, projectId, pngBytes(1024, 1024));
  const iphone = await upload(owner, projectId, pngBytes(1290, 2796));
  const iphoneSideways = await upload(owner, projectId, jpegBytes(2868, 1320, { exifBytes: 20_000 }), 'image/jpeg');
  const android = [await upload(owner, projectId, pngBytes(1080, 1920)), await upload(owner, projectId, jpegBytes(1920, 1080), 'image/jpeg')];
  return { iconUploadId: icon, screenshots: { iphone69: [iphone, iphoneSideways], ipad13: [], androidPhone: android } };
}

const fieldsOf = (body: { error: { fields: Array<{ field: string; message: string }> } }) =>
  Object.fromEntries(body.error.fields.map((f) => [f.field, f.message]));

describe('a store listing saved as a draft', () => {
  it('starts empty with every required item missing, and keeps a partly filled draft', async () => {
    const owner = await signUp(ctx.app);
    const projectId = await newProject(owner);
    const empty = await call(ctx.app, owner, 'GET', listingUrl(projectId));
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ projectId, appName: '', icon: null, updatedTimestamp: null, ready: false });
    expect(empty.body.missing.map((m: { field: string }) => m.field)).toEqual([
      'appName',
      'shortDescription',
      'fullDescription',
      'supportUrl',
      'privacyUrl',
      'category',
      'iconUploadId',
      'screenshots.iphone69',
      'screenshots.androidPhone',
    ]);

    const partial = await save(owner, projectId, { appName: '  Rosa Bakes  ', category: 'Food & Drink' });
    expect(partial.status, JSON.stringify(partial.body)).toBe(200);
    expect(partial.body).toMatchObject({ appName: 'Rosa Bakes', category: 'Food & Drink', ready: false });
    expect(partial.body.missing).toContainEqual({ field: 'screenshots.androidPhone', label: 'Android phone screenshots (at least 2)' });
    expect(partial.body.missing.map((m: { field: string }) => m.field)).not.toContain('appName');
    expect((await call(ctx.app, owner, 'GET', listingUrl(projectId))).body).toEqual(partial.body);
  });

  it('refuses lengths and formats as the stores do, naming every field, and writes nothing', async () => {
    const owner = await signUp(ctx.app);
    const projectId = await newProject(owner);
    const refused = await save(owner, projectId, {
      appName: 'A'.repeat(31),
      shortDescription: 'S'.repeat(81),
      fullDescription: 'F'.repeat(4001),
      keywords: 'bread,,cakes',
      supportUrl: 'http://rosabakes.example.com/help',
      privacyUrl: 'not a url',
      category: 'Gambling',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('LISTING_INVALID');
    expect(fieldsOf(refused.body)).toEqual({
      appName: 'App name can be at most 30 characters (it has 31).',
      shortDescription: 'Short description can be at most 80 characters (it has 81).',
      fullDescription: 'Full description can be at most 4000 characters (it has 4001).',
      keywords: 'Separate keywords with commas, with a word between each two commas.',
      supportUrl: 'Support URL must be a web address starting with https://.',
      privacyUrl: 'Privacy policy URL must be a web address starting with https://.',
      category: 'Choose a category from the list.',
    });
    expect(fieldsOf((await save(owner, projectId, { keywords: 'k'.repeat(101) })).body)).toEqual({ keywords: 'Keywords can be at most 100 characters (it has 101).' });
    expect((await call(ctx.app, owner, 'GET', listingUrl(projectId))).body.updatedTimestamp).toBeNull();

    // At the limits, counted in characters as people see them (an emoji is one).
    const atLimits = await save(owner, projectId, { appName: `${'🥐'.repeat(29)}A`, shortDescription: 'S'.repeat(80), fullDescription: 'F'.repeat(4000), keywords: 'k'.repeat(100) });
    expect(atLimits.status, JSON.stringify(atLimits.body)).toBe(200);
    expect((await save(owner, projectId, { appName: 1 })).status).toBe(400);
  });

  it('takes an icon and screenshots of the sizes the stores ask for, read from the files’ bytes, and is then ready', async () => {
    const owner = await signUp(ctx.app);
    const projectId = await newProject(owner);
    const images = await validImages(owner, projectId);
    const saved = await save(owner, projectId, { ...TEXT, ...images });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ ...TEXT, missing: [], ready: true });
    expect(saved.body.icon).toEqual({ uploadId: images.iconUploadId, url: `/api/files/${images.iconUploadId}`, format: 'png', width: 1024, height: 1024 });
    expect(saved.body.screenshots.iphone69.map((i: { width: number; height: number; format: string }) => [i.format, i.width, i.height])).toEqual([
      ['png', 1290, 2796],
      ['jpeg', 2868, 1320],
    ]);
    expect(saved.body.screenshots.androidPhone).toHaveLength(2);

    // The owner and staff read the files; another customer does not.
    const stranger = await signUp(ctx.app);
    const file = saved.body.icon.url as string;
    expect((await ctx.app.inject({ method: 'GET', url: file, headers: { cookie: owner.cookie } })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: file, headers: { cookie: staff.cookie } })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: file, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
  });

  it('refuses images of the wrong size, format or transparency, and too many screenshots', async () => {
    const owner = await signUp(ctx.app);
    const projectId = await newProject(owner);
    const small = await upload(owner, projectId, pngBytes(512, 512));
    const transparent = await upload(owner, projectId, pngBytes(1024, 1024, { alpha: true }));
    const jpegIcon = await upload(owner, projectId, jpegBytes(1024, 1024), 'image/jpeg');
    const wrongPhone = await upload(owner, projectId, pngBytes(1179, 2556));
    const tooNarrow = await upload(owner, projectId, pngBytes(1000, 2100));
    const tooSmall = await upload(owner, projectId, jpegBytes(300, 500), 'image/jpeg');
    const ipad = await upload(owner, projectId, pngBytes(2048, 2732));
    const iphone = await upload(owner, projectId, pngBytes(1320, 2868));

    const refusal = async (body: Record<string, unknown>) => {
      const res = await save(owner, projectId, body);
      expect(res.status).toBe(400);
      return fieldsOf(res.body);
    };
    expect(await refusal({ iconUploadId: small })).toEqual({ iconUploadId: 'The app icon must be 1024 x 1024 pixels; this one is 512 x 512.' });
    expect(await refusal({ iconUploadId: transparent })).toEqual({ iconUploadId: 'The app icon must have no transparency: save it as a PNG without an alpha channel.' });
    expect(await refusal({ iconUploadId: jpegIcon })).toEqual({ iconUploadId: 'The app icon must be a PNG file.' });
    expect(await refusal({ screenshots: { iphone69: [iphone, wrongPhone], androidPhone: [tooNarrow, tooSmall], ipad13: [iphone] } })).toEqual({
      'screenshots.iphone69': 'Screenshot 2: iPhone 6.9" screenshots must be 1320 x 2868 or 1290 x 2796 pixels, portrait or landscape; this one is 1179 x 2556.',
      'screenshots.androidPhone':
        'Screenshot 1: Android phone screenshots must be each side 320 to 3840 pixels, the long side at most twice the short one; this one is 1000 x 2100.',
      'screenshots.ipad13': 'Screenshot 1: iPad 13" screenshots must be 2064 x 2752 or 2048 x 2732 pixels, portrait or landscape; this one is 1320 x 2868.',
    });
    const more = await Promise.all(Array.from({ length: 10 }, () => upload(owner, projectId, pngBytes(1290, 2796))));
    expect(await refusal({ screenshots: { iphone69: [iphone, ...more] } })).toEqual({ 'screenshots.iphone69': 'At most 10 iPhone 6.9" screenshots can be sent (there are 11).' });

    const ok = await save(owner, projectId, { screenshots: { iphone69: [iphone, iphone], ipad13: [ipad] } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.screenshots.iphone69).toHaveLength(1); // the same image twice is kept once
    expect(ok.body.screenshots.ipad13[0]).toMatchObject({ width: 2048, height: 2732 });
  });

  it('refuses an upload of another project, of another purpose or unfinished, and uploads to another’s project', async () => {
    const owner = await signUp(ctx.app);
    const projectId = await newProject(owner);
    const otherProject = await newProject(owner);
    const ofOtherProject = await upload(owner, otherProject, pngBytes(1024, 1024));
    const profilePicture = await uploadSmall(ctx.app, owner.cookie, { purpose: 'profile-picture', targetId: owner.id, filetype: 'image/png' }, pngBytes(1024, 1024));
    const unfinished = await createUpload(ctx.app, owner.cookie, { purpose: 'store-listing-image', targetId: projectId, filetype: 'image/png', length: 5000 });
    const unfinishedId = String(unfinished.headers.location).split('/').pop()!;
    const notOurs = 'This image was not uploaded for this listing. Upload it again.';
    for (const id of [ofOtherProject, profilePicture, unfinishedId, 'no-such-upload']) {
      const res = await save(owner, projectId, { iconUploadId: id });
      expect(res.status).toBe(400);
      expect(fieldsOf(res.body)).toEqual({ iconUploadId: notOurs });
    }

    const stranger = await signUp(ctx.app);
    const intruding = await createUpload(ctx.app, stranger.cookie, { purpose: 'store-listing-image', targetId: projectId, filetype: 'image/png', length: 2000, body: fileBytes('png', 2000) });
    expect(intruding.statusCode).toBe(404);
    const strangersProject = await newProject(stranger);
    const strangersImage = await upload(stranger, strangersProject, pngBytes(1024, 1024));
    expect(fieldsOf((await save(owner, projectId, { iconUploadId: strangersImage })).body)).toEqual({ iconUploadId: notOurs });
  });

  it('answers 404 for another customer’s project, and shows staff the listing with what is missing', async () => {
    const owner = await signUp(ctx.app);
    const stranger = await signUp(ctx.app);
    const projectId = await newProject(owner);
    expect((await call(ctx.app, stranger, 'GET', listingUrl(projectId))).status).toBe(404);
    expect((await save(stranger, projectId, { appName: 'Mine now' })).status).toBe(404);
    expect((await call(ctx.app, owner, 'GET', listingUrl('no-such-project'))).status).toBe(404);
    expect((await call(ctx.app, owner, 'GET', `/api/staff/projects/${projectId}/store-listing`)).status).toBe(403);

    await save(owner, projectId, { appName: 'Rosa Bakes' });
    const staffView = await call(ctx.app, staff, 'GET', `/api/staff/projects/${projectId}/store-listing`);
    expect(staffView.status).toBe(200);
    expect(staffView.body).toEqual((await call(ctx.app, owner, 'GET', listingUrl(projectId))).body);
    expect(staffView.body.ready).toBe(false);
    expect((await call(ctx.app, staff, 'GET', '/api/staff/projects/no-such-project/store-listing')).status).toBe(404);

    const images = await validImages(owner, projectId);
    await save(owner, projectId, { ...TEXT, ...images });
    expect((await call(ctx.app, staff, 'GET', `/api/staff/projects/${projectId}/store-listing`)).body).toMatchObject({ ready: true, missing: [] });
  });

  it('audits each save with the customer, the listing before and after, and tells the project’s readers', async () => {
    const owner = await signUp(ctx.app, { name: 'Rosa Owner' });
    const projectId = await newProject(owner);
    const base = await listen(ctx);
    const topics = await openTopics(base, owner);
    await save(owner, projectId, { appName: 'First name' });
    await save(owner, projectId, { appName: 'Second name', keywords: 'bread' });
    await waitFor(() => topics.topics.filter((t) => t === `projects:${projectId}`).length >= 2);
    expect(topics.topics.filter((t) => t === `projects:${projectId}`)).toHaveLength(2);
    topics.close();

    const rows = await ctx.database.sql.query<{ actor_id: string; actor_name: string; action: string; customer_id: string; before: { appName: string } | null; after: { appName: string; keywords: string } }>(
      `SELECT actor_id, actor_name, action, customer_id, before, after FROM audit_log WHERE entity_id = $1 ORDER BY created_at, id`,
      [projectId],
    );
    const saves = rows.filter((r) => r.action === 'project.store-listing.save');
    expect(saves).toHaveLength(2);
    expect(saves.every((r) => r.actor_id === owner.id && r.actor_name === 'Rosa Owner' && r.customer_id === owner.id)).toBe(true);
    const [first, second] = saves;
    expect(first!.before).toBeNull();
    expect(first!.after.appName).toBe('First name');
    expect(second!.before!.appName).toBe('First name');
    expect(second!.after).toMatchObject({ appName: 'Second name', keywords: 'bread' });
  });

  it('keeps one listing under concurrent saves, the last one written', async () => {
    const owner = await signUp(ctx.app);
    const projectId = await newProject(owner);
    const results = await Promise.all(['One', 'Two', 'Three', 'Four'].map((appName) => save(owner, projectId, { appName })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const rows = await ctx.database.sql.query<{ app_name: string }>(`SELECT app_name FROM project_store_listings WHERE project_id = $1`, [projectId]);
    expect(rows).toHaveLength(1);
    expect(['One', 'Two', 'Three', 'Four']).toContain(rows[0]!.app_name);
    const audits = await ctx.database.sql.query(`SELECT 1 FROM audit_log WHERE entity_id = $1 AND action = 'project.store-listing.save'`, [projectId]);
    expect(audits).toHaveLength(4);
  });
});
