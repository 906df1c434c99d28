/**
 * Plans (spec §3 Services): what pricing shows and what a purchase copies. The content import writes the table
 * through `importedPlans`; billing prices purchases with `findPlan`/`findPlanForSale`.
 */
import type { PortalModule } from '../../platform/portal-module.ts';
import { planRoutes } from './routes.ts';

export {
  cheapestPlan,
  existingServiceIds,
  findPlan,
  findPlanForSale,
  importedPlans,
  listVisiblePlans,
  type PricedPlan,
} from './repository.ts';
export { planPriceChanges, services, type PriceChangeRow } from './schema.ts';
export { applyDuePriceChanges, removeWaitingPriceChange, schedulePriceChange, toPriceChange } from './price-changes.ts';

export const plansModule: PortalModule = { name: 'plans', routes: [planRoutes] };
