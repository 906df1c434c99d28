import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { refunds, type RefundRow } from './schema.ts';

export async function listRefundsOf(db: Db, paymentId: string): Promise<RefundRow[]> {
  return db.select().from(refunds).where(eq(refunds.paymentId, paymentId)).orderBy(asc(refunds.createdAt), asc(refunds.id));
}
