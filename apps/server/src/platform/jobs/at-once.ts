/**
 * Runs `work` for every item, at most `limit` at a time, and resolves once every one has finished. A batch of
 * renewals or mails spends most of its time waiting on a provider, an SMTP server or the database, not on this
 * process: a few at once keep them all busy. A rejection stops nothing else; the first is thrown at the end.
 */
export async function eachAtOnce<T>(items: readonly T[], limit: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const failures: unknown[] = [];
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item).catch((error: unknown) => failures.push(error));
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failures.length > 0) throw failures[0];
}
