import { useSiteConfig } from '@/lib/site-config';
import { DownloadApp } from '@/features/content/components/download-app';
import { HomeBusiness } from '@/features/content/components/home-business';
import { LandingHero } from '@/features/content/components/landing-hero';
import { MenuSync } from '@/features/content/components/menu-sync';
import { TrustedStrip } from '@/features/content/components/trusted-strip';
import { WhyChooseUs } from '@/features/content/components/why-choose-us';

/** The landing page (spec §2). Kept light: it is the first page most visitors load. */
export function Component() {
  const links = useSiteConfig().data?.links;
  return (
    <>
      <LandingHero />
      <TrustedStrip />
      <WhyChooseUs />
      <HomeBusiness />
      <DownloadApp appStore={links?.appStore} playStore={links?.playStore} />
      <MenuSync link={links?.menuSync} />
    </>
  );
}
