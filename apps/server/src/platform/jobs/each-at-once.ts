/**
 * Runs `work` on every item, at most `width` at a time, started in the items' order: background work whose steps
 * mostly wait (an SMTP server's answers, then a commit) overlaps them, while `width` bounds the database connections
 * it holds at once.
 */
export async function eachAtOnce<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
}
