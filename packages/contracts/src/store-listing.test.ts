import { describe, expect, it } from 'vitest';
import {
  charCount,
  iconProblem,
  isHttpsUrl,
  listingTextProblems,
  missingItems,
  screenshotCountProblem,
  screenshotProblem,
  storeListingDraftSchema,
  type ImageFacts,
} from './store-listing.ts';

const png = (width: number, height: number, hasAlpha = false): ImageFacts => ({ format: 'png', width, height, hasAlpha });
const draft = (fields: Record<string, string>) => storeListingDraftSchema.parse(fields);

describe('the store listing rules shared by the form and the server', () => {
  it('count characters as people see them and limit each text field as the stores do', () => {
    expect(charCount('🥐🥖')).toBe(2);
    expect(listingTextProblems(draft({ appName: 'A'.repeat(30), shortDescription: 'S'.repeat(80), fullDescription: 'F'.repeat(4000), keywords: 'k'.repeat(100) }))).toEqual({});
    expect(listingTextProblems(draft({ appName: `${'🥐'.repeat(30)}!` }))).toEqual({ appName: 'App name can be at most 30 characters (it has 31).' });
    expect(Object.keys(listingTextProblems(draft({ shortDescription: 'S'.repeat(81), fullDescription: 'F'.repeat(4001), keywords: 'k'.repeat(101) })))).toEqual([
      'shortDescription',
      'fullDescription',
      'keywords',
    ]);
    // Spaces around a field are not counted: they are trimmed when saved.
    expect(listingTextProblems(draft({ appName: `  ${'A'.repeat(30)}  ` }))).toEqual({});
  });

  it('take keywords separated by commas, https addresses and a category of the list; empty fields are missing, not wrong', () => {
    expect(listingTextProblems(draft({}))).toEqual({});
    expect(listingTextProblems(draft({ keywords: 'bread, cakes,pastry', supportUrl: 'https://example.com/help', privacyUrl: 'https://shop.example.co.uk/p?x=1', category: 'Food & Drink' }))).toEqual({});
    for (const keywords of ['bread,,cakes', ',bread', 'bread,', 'bread, ,cakes']) expect(listingTextProblems(draft({ keywords })).keywords).toBeTruthy();
    for (const url of ['http://example.com', 'example.com', 'https://localhost/x', 'https://user:pw@example.com', 'ftp://example.com']) expect(isHttpsUrl(url)).toBe(false);
    expect(listingTextProblems(draft({ supportUrl: `https://example.com/${'a'.repeat(500)}` })).supportUrl).toBe('Support URL can be at most 500 characters (it has 520).');
    expect(listingTextProblems(draft({ category: 'food & drink' })).category).toBe('Choose a category from the list.');
  });

  it('take an icon only as an opaque 1024 x 1024 PNG', () => {
    expect(iconProblem(png(1024, 1024))).toBeNull();
    expect(iconProblem(png(1024, 1023))).toBe('The app icon must be 1024 x 1024 pixels; this one is 1024 x 1023.');
    expect(iconProblem(png(1024, 1024, true))).toMatch(/no transparency/);
    expect(iconProblem({ ...png(1024, 1024), format: 'jpeg' })).toBe('The app icon must be a PNG file.');
  });

  it('take screenshots of each device’s sizes, portrait or landscape, PNG or JPEG', () => {
    for (const [w, h] of [[1320, 2868], [2868, 1320], [1290, 2796], [2796, 1290]]) expect(screenshotProblem('iphone69', png(w!, h!))).toBeNull();
    expect(screenshotProblem('iphone69', { ...png(1320, 2868), format: 'jpeg' })).toBeNull();
    expect(screenshotProblem('iphone69', png(1179, 2556))).toMatch(/^iPhone 6.9" screenshots must be .*this one is 1179 x 2556\.$/);
    for (const [w, h] of [[2064, 2752], [2732, 2048]]) expect(screenshotProblem('ipad13', png(w!, h!))).toBeNull();
    expect(screenshotProblem('ipad13', png(1320, 2868))).not.toBeNull();
    for (const [w, h] of [[320, 640], [1080, 1920], [3840, 1920], [1000, 1000]]) expect(screenshotProblem('androidPhone', png(w!, h!))).toBeNull();
    for (const [w, h] of [[319, 600], [1000, 2001], [3841, 2000], [2000, 3841]]) expect(screenshotProblem('androidPhone', png(w!, h!))).not.toBeNull();
    expect(screenshotProblem('androidPhone', { ...png(1080, 1920), format: 'other' })).toBe('Screenshots must be PNG or JPEG files.');
  });

  it('limit how many screenshots each store takes, and count as missing too few', () => {
    expect(screenshotCountProblem('iphone69', 10)).toBeNull();
    expect(screenshotCountProblem('iphone69', 11)).toBe('At most 10 iPhone 6.9" screenshots can be sent (there are 11).');
    expect(screenshotCountProblem('androidPhone', 8)).toBeNull();
    expect(screenshotCountProblem('androidPhone', 9)).not.toBeNull();
    const image = { uploadId: 'u', url: '/api/files/u', format: 'png' as const, width: 1, height: 1 };
    const filled = {
      appName: 'A',
      shortDescription: 'S',
      fullDescription: 'F',
      keywords: '',
      supportUrl: 'https://a.example',
      privacyUrl: 'https://a.example',
      category: 'Business',
      icon: image,
      screenshots: { iphone69: [image], ipad13: [], androidPhone: [image, image] },
    };
    expect(missingItems(filled)).toEqual([]);
    expect(missingItems({ ...filled, appName: '  ', icon: null, screenshots: { iphone69: [], ipad13: [], androidPhone: [image] } })).toEqual([
      { field: 'appName', label: 'App name' },
      { field: 'iconUploadId', label: 'App icon' },
      { field: 'screenshots.iphone69', label: 'iPhone 6.9" screenshots (at least 1)' },
      { field: 'screenshots.androidPhone', label: 'Android phone screenshots (at least 2)' },
    ]);
  });
});
