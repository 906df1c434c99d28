import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadMore } from '@/components/ui/load-more';
import { Page } from '@/components/ui/page';
import { QueryState } from '@/components/ui/query-state';
import { useSubscriptions } from '@/features/subscriptions/api/subscriptions';
import { SubscriptionFacts } from '@/features/subscriptions/components/subscription-facts';
import { useDefaultCardName } from '@/features/billing/api/cards';
import { SubscriptionStatusBadge } from '@/features/subscriptions/components/subscription-status';
import { paths } from '@/lib/paths';

/** The user's subscriptions, newest start first, each leading to its details. */
export function Component() {
  const defaultCardName = useDefaultCardName();
  const subscriptions = useSubscriptions();
  return (
    <Page title="My Subscriptions">
      <QueryState
        query={subscriptions}
        pending="Loading Subscriptions..."
        error="Could not load your subscriptions. Please try again later."
        empty={
          <Card className="py-10 text-center">
            <p className="text-slate-700">You have no subscriptions yet.</p>
            <Link to={paths.selectPlan()} className={buttonClass('primary', 'mt-4')}>
              View Plans
            </Link>
          </Card>
        }
      >
        {(list) => (
          <>
            <ul className="space-y-4">
              {list.map((s) => (
                <li key={s.id}>
                  <Card className="transition-shadow hover:shadow-md">
                    <div className="flex flex-wrap items-center justify-between gap-3">
                      <h2 className="text-lg font-bold text-slate-900">{s.serviceTitle}</h2>
                      <SubscriptionStatusBadge subscription={s} />
                    </div>
                    <div className="mt-4">
                      <SubscriptionFacts subscription={s} defaultCardName={defaultCardName} compact />
                    </div>
                    <Link
                      to={paths.subscriptionDetails(s.id)}
                      className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
                      aria-label={`View details of ${s.serviceTitle}`}
                    >
                      View Details
                      <ChevronRight className="h-4 w-4" aria-hidden="true" />
                    </Link>
                  </Card>
                </li>
              ))}
            </ul>
            <LoadMore list={subscriptions} />
          </>
        )}
      </QueryState>
    </Page>
  );
}
