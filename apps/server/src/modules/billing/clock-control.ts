import type { FastifyInstance } from 'fastify';

/**
 * With ALLOW_CLOCK_CONTROL (test servers only) the app's clock gets an offset that the operator endpoint moves
 * forward, so that browser journeys can show renewals and non-payment without waiting a month.
 * Must run on the root instance: every module reads `app.clock` through it.
 */
export function installClockControl(app: Pick<FastifyInstance, 'clock'>): (ms: number) => Date {
  const base = app.clock;
  let offsetMs = 0;
  app.clock = () => new Date(base().getTime() + offsetMs);
  return (ms: number) => {
    offsetMs += ms;
    return app.clock();
  };
}
