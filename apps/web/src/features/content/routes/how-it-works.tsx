import { Page } from '@/components/ui/page';

export function Component() {
  return <Page title="Your Brand, Our Platform, Launched in Days" />;
}
