import type { z } from 'zod';
import { AppError } from '../../../platform/http/errors.ts';
import { keyProblem } from './fields.ts';
import {
  PROMO_CODE_PATTERN,
  bannerRecord,
  faqRecord,
  formItemRecord,
  guideRecord,
  projectRecord,
  portfolioRecord,
  promoCodeRecord,
  serviceRecord,
  trustedByRecord,
  stepTemplateRecord,
  stageTemplateRecord,
} from './records.ts';

const MAX_PROBLEMS = 50;

/** A rejected import: every problem names the record's path; nothing was written. */
export class ImportRejected extends AppError {
  constructor(readonly problems: string[]) {
    const shown = problems.slice(0, MAX_PROBLEMS).map((p) => `  ${p}`);
    if (problems.length > MAX_PROBLEMS) shown.push(`  ...and ${problems.length - MAX_PROBLEMS} more`);
    super(400, 'IMPORT_REJECTED', `The import was rejected and nothing was changed:\n${shown.join('\n')}`);
  }
}

/** Where each collection sits in the export, and the shape of its records. */
export const COLLECTIONS = {
  services: { path: 'Services', record: serviceRecord },
  faqs: { path: 'FAQs', record: faqRecord },
  banners: { path: 'FeaturedBanner', record: bannerRecord },
  guides: { path: 'Guides/Android/settings', record: guideRecord },
  formItems: { path: 'Forms/NewSubscriptionForm', record: formItemRecord },
  projects: { path: 'Projects', record: projectRecord },
  promoCodes: { path: 'PromoCodes', record: promoCodeRecord },
  stepTemplates: { path: 'CompletionStepTemplates', record: stepTemplateRecord },
  stageTemplates: { path: 'ProjectStageTemplates', record: stageTemplateRecord },
  portfolio: { path: 'Portfolio', record: portfolioRecord },
  trustedBy: { path: 'TrustedBy', record: trustedByRecord },
} as const;

type Collections = typeof COLLECTIONS;
export type CollectionName = keyof Collections;

export interface ParsedRecord<T> {
  key: string;
  path: string;
  value: T;
}

export type ParsedExport = {
  [K in CollectionName]: ParsedRecord<z.output<Collections[K]['record']>>[] | undefined;
} & { ignored: string[] };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The realtime database exports objects keyed by id, or arrays (with gaps) when the keys are 0, 1, 2... */
function keyedEntries(value: unknown): [string, unknown][] | null {
  if (Array.isArray(value))
    return value.flatMap((v, i) =>
      v === null || v === undefined ? [] : [[String(i), v] as [string, unknown]],
    );
  if (isObject(value)) return Object.entries(value);
  return null;
}

/** Follows "A/B/C" into the export, noting sibling keys on the way that are not content. */
function locate(root: Record<string, unknown>, path: string, ignored: Set<string>): unknown {
  let node: unknown = root;
  const parts = path.split('/');
  for (let i = 0; i < parts.length; i++) {
    if (!isObject(node)) return undefined;
    if (i > 0)
      for (const key of Object.keys(node))
        if (key !== parts[i]) ignored.add(`${parts.slice(0, i).join('/')}/${key}`);
    node = node[parts[i]!];
  }
  return node;
}

/** Validates a whole export before anything is written; throws ImportRejected listing every bad record. */
export function parseExport(data: unknown): ParsedExport {
  if (!isObject(data))
    throw new ImportRejected(['(file): expected a JSON object such as { "Services": { ... } }']);
  const problems: string[] = [];
  const ignored = new Set<string>();
  const roots = new Set(Object.values(COLLECTIONS).map((c) => c.path.split('/')[0]!));
  for (const key of Object.keys(data)) if (!roots.has(key)) ignored.add(key);

  const parsed = { ignored: [] as string[] } as unknown as ParsedExport;
  let found = 0;
  for (const [name, { path, record }] of Object.entries(COLLECTIONS) as [
    CollectionName,
    Collections[CollectionName],
  ][]) {
    const node = locate(data, path, ignored);
    if (node === undefined || node === null) continue;
    found += 1;
    const entries = keyedEntries(node);
    if (!entries) {
      problems.push(`${path}: expected an object keyed by id`);
      continue;
    }
    const records: ParsedRecord<unknown>[] = [];
    const seen = new Map<string, string>();
    for (const [rawKey, value] of entries) {
      const key = name === 'promoCodes' ? rawKey.trim().toUpperCase() : rawKey;
      const recordPath = `${path}/${rawKey}`;
      const badKey =
        keyProblem(rawKey) ??
        (name === 'promoCodes' && !PROMO_CODE_PATTERN.test(key)
          ? 'a code has 2-40 letters, digits, - or _'
          : null);
      if (badKey) {
        problems.push(`${recordPath}: ${badKey}`);
        continue;
      }
      if (seen.has(key)) {
        problems.push(`${recordPath}: the same key as ${seen.get(key)}`);
        continue;
      }
      seen.set(key, recordPath);
      const result = record.safeParse(value);
      if (!result.success) {
        for (const issue of result.error.issues) {
          const where = issue.path.length ? `${recordPath}/${issue.path.join('/')}` : recordPath;
          problems.push(`${where}: ${issue.message}`);
        }
        continue;
      }
      records.push({ key, path: recordPath, value: result.data });
    }
    (parsed as Record<string, unknown>)[name] = records;
  }
  if (found === 0 && problems.length === 0) {
    problems.push(
      `(file): holds none of ${Object.values(COLLECTIONS)
        .map((c) => c.path)
        .join(', ')}`,
    );
  }
  if (problems.length) throw new ImportRejected(problems);
  parsed.ignored = [...ignored].sort();
  return parsed;
}
