import { Page } from '@/components/ui/page';

export function Component() {
  return <Page title="Support" />;
}
