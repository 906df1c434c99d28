import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { Page } from '@/components/ui/page';
import { QueryState } from '@/components/ui/query-state';
import { useCurrentUser } from '@/lib/current-user';
import { checkoutTarget } from '@/app/plan-handoff';
import { useActionCenter } from '@/features/onboarding/api/dashboard';
import { useBanners } from '@/features/onboarding/api/dashboard';
import { usePlans } from '@/features/plans/api/plans';
import { ActionCenter } from '@/features/onboarding/components/action-center';
import { BannerCarousel } from '@/features/onboarding/components/banner-carousel';
import { ServicesGrid } from '@/features/onboarding/components/services-grid';
import { DunningBanner } from '@/features/billing/components/dunning-banner';
import { useActiveSubscriptions } from '@/features/subscriptions/api/subscriptions';
import { paths } from '@/lib/paths';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="mb-3 text-xl font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function Component() {
  const user = useCurrentUser();
  const banners = useBanners();
  const plans = usePlans();
  const actions = useActionCenter();
  // Only active subscriptions owe a failed renewal or hold a plan, however many cancelled ones came after them.
  const subscriptions = useActiveSubscriptions();
  // The plans the customer has active: marked, and leading to the subscription's "Change plan" instead of checkout.
  const held = new Map((subscriptions.data ?? []).map((s) => [s.serviceId, s.id]));

  return (
    <Page title={`Welcome, ${user?.name || user?.email || 'User'}!`}>
      {subscriptions.data?.map((s) => (
        <DunningBanner key={s.id} subscription={s} />
      ))}
      {banners.data && banners.data.length > 0 && <BannerCarousel banners={banners.data} />}

      <Section title="Our Services">
        <QueryState
          query={plans}
          pending="Loading services..."
          error="Failed to load subscription plans. Please try again later."
          empty={<p className="text-slate-700">No subscription plans are currently available.</p>}
        >
          {(list) => (
            <>
              <ServicesGrid
                plans={list}
                heldCount={held.size}
                isCurrent={(plan) => held.has(plan.id)}
                linkTo={(plan) =>
                  held.has(plan.id)
                    ? { to: paths.subscriptionDetails(held.get(plan.id)!) }
                    : checkoutTarget(plan.id)
                }
              />
              {held.size > 0 && (
                <p className="mt-3 text-sm text-slate-600">
                  Another plan is added as a separate subscription. To switch plans instead, choose Change
                  plan on your current one.
                </p>
              )}
            </>
          )}
        </QueryState>
      </Section>

      <Section title="Action Center">
        <Card>
          <QueryState
            query={actions}
            pending="Loading your actions..."
            error="Could not load your actions. Please refresh the page."
          >
            {(list) => <ActionCenter actions={list} />}
          </QueryState>
        </Card>
      </Section>
    </Page>
  );
}
