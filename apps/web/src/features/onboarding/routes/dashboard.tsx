import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { ErrorMessage, Page, StatusMessage } from '@/components/ui/page';
import { useCurrentUser } from '@/lib/current-user';
import { useActionCenter } from '../api/get-action-center';
import { useBanners } from '../api/get-banners';
import { usePlans } from '../api/get-plans';
import { ActionCenter } from '../components/action-center';
import { BannerCarousel } from '../components/banner-carousel';
import { ServicesGrid } from '../components/services-grid';

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

  return (
    <Page title={`Welcome, ${user?.name || user?.email || 'User'}!`}>
      {banners.data && banners.data.length > 0 && <BannerCarousel banners={banners.data} />}

      <Section title="Our Services">
        {plans.isPending ? (
          <StatusMessage>Loading services...</StatusMessage>
        ) : plans.isError ? (
          <ErrorMessage>Failed to load subscription plans. Please try again later.</ErrorMessage>
        ) : plans.data.length === 0 ? (
          <p className="text-slate-700">No subscription plans are currently available.</p>
        ) : (
          <ServicesGrid plans={plans.data} />
        )}
      </Section>

      <Section title="Action Center">
        <Card>
          {actions.isPending ? (
            <StatusMessage>Loading your actions...</StatusMessage>
          ) : actions.isError ? (
            <ErrorMessage>Could not load your actions. Please refresh the page.</ErrorMessage>
          ) : (
            <ActionCenter actions={actions.data} />
          )}
        </Card>
      </Section>
    </Page>
  );
}
