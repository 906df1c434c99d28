import { useSiteConfig } from '@/lib/site-config';
import { DownloadApp } from '../components/download-app';
import { HomeBusiness } from '../components/home-business';
import { LandingHero } from '../components/landing-hero';
import { MenuSync } from '../components/menu-sync';
import { TrustedStrip } from '../components/trusted-strip';
import { WhyChooseUs } from '../components/why-choose-us';

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
