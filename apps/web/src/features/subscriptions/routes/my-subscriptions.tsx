import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorMessage, Page, StatusMessage } from '@/components/ui/page';
import { useSubscriptions } from '../api/get-subscriptions';
import { SubscriptionFacts } from '../components/subscription-facts';
import { SubscriptionStatusBadge } from '../components/subscription-status';

/** The user's subscriptions, newest start first, each leading to its details. */
export function Component() {
  const subscriptions = useSubscriptions();
  return (
    <Page title="My Subscriptions">
      {subscriptions.isPending ? (
        <StatusMessage>Loading Subscriptions...</StatusMessage>
      ) : subscriptions.isError ? (
        <ErrorMessage>Could not load your subscriptions. Please try again later.</ErrorMessage>
      ) : subscriptions.data.length === 0 ? (
        <Card className="py-10 text-center">
          <p className="text-slate-700">You have no subscriptions yet.</p>
          <Link to="/select-plan" className={buttonClass('primary', 'mt-4')}>
            View Plans
          </Link>
        </Card>
      ) : (
        <ul className="space-y-4">
          {subscriptions.data.map((s) => (
            <li key={s.id}>
              <Card className="transition-shadow hover:shadow-md">
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <h2 className="text-lg font-bold text-slate-900">{s.serviceTitle}</h2>
                  <SubscriptionStatusBadge status={s.status} />
                </div>
                <div className="mt-4">
                  <SubscriptionFacts subscription={s} compact />
                </div>
                <Link
                  to={`/subscription-details/${encodeURIComponent(s.id)}`}
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
      )}
    </Page>
  );
}
