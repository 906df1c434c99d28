import type { FastifyInstance } from 'fastify';
import { createSquareGateway, type SquareGateway } from '../../platform/square/gateway.ts';

/** Test seams: where a test may stop processing as a crash would. */
export interface BillingFaults {
  /** Runs after Square answered a charge and before the result is committed. */
  afterCharge?: (paymentId: string) => void | Promise<void>;
  /** Runs once a completed payment has committed, before its receipt mail is rendered and queued. */
  beforeReceiptMail?: (paymentId: string) => void | Promise<void>;
}

export interface Billing {
  gateway: SquareGateway;
  faults: BillingFaults;
  /** Runs work after the current request (card creation, charging), tracked so that shutdown and tests can wait. */
  later(work: () => Promise<unknown>): void;
  /** Resolves once no work started by `later` is running. */
  settle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    billing: Billing;
  }
}

export function createBilling(app: FastifyInstance): Billing {
  const running = new Set<Promise<unknown>>();
  return {
    gateway: createSquareGateway(app),
    faults: {},
    later(work) {
      const task = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .catch((error: unknown) => app.log.error({ err: error }, 'billing work failed; a sweep will retry it'))
        .finally(() => running.delete(task));
      running.add(task);
    },
    async settle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
