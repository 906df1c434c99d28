import { useState } from 'react';
import type { Banner } from '@portal/contracts/onboarding';
import { Button } from '@/components/ui/button';
import { ErrorMessage, Page } from '@/components/ui/page';
import { QueryState } from '@/components/ui/query-state';
import { useBannerChanges, useStaffBanners } from '@/features/onboarding/api/banner-editor';
import { BannerForm } from '@/features/onboarding/components/banner-editor/banner-form';
import { EditorDialog, RowActions, type Editing } from '@/components/editor';
import { ApiError } from '@/lib/api-client';
import { formatShortDate } from '@/lib/format';

const nameOf = (banner: Banner) => banner.title ?? `banner of ${formatShortDate(banner.timeCreated)}`;

/** /staff/banners: the dashboard's featured banners, newest first as customers see them; create, edit, delete. */
export function Component() {
  const banners = useStaffBanners();
  const { remove } = useBannerChanges();
  const [editing, setEditing] = useState<Editing<Banner>>(null);
  return (
    <Page title="Banners" actions={<Button onClick={() => setEditing('new')}>New banner</Button>}>
      <p className="mb-4 text-sm text-slate-700">Customers' dashboards show these banners newest first, each for 4 seconds.</p>
      {remove.error && <ErrorMessage>{remove.error instanceof ApiError ? remove.error.message : 'Could not delete. Please try again.'}</ErrorMessage>}
      <QueryState query={banners} pending="Loading banners..." error="Could not load the banners." empty="No banners yet." isEmpty={(d) => d.banners.length === 0}>
        {(data) => (
          <ol aria-label="Banners" className="space-y-3">
            {data.banners.map((banner) => (
              <li key={banner.id} className="flex flex-wrap items-center gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
                <img src={banner.imageUrl} alt="" className="aspect-[3/1] w-full rounded-lg border border-slate-200 object-cover sm:w-48" loading="lazy" />
                <div className="min-w-[12rem] flex-1">
                  <p className="font-semibold text-slate-900">{banner.title ?? <span className="font-normal italic text-slate-600">No title</span>}</p>
                  {banner.subtitle && <p className="text-sm text-slate-700">{banner.subtitle}</p>}
                  <p className="break-all text-sm text-slate-600">{banner.linkUrl ? `Links to ${banner.linkUrl}` : 'No link'}</p>
                  <p className="text-xs text-slate-600">Added {formatShortDate(banner.timeCreated)}</p>
                </div>
                <RowActions
                  name={nameOf(banner)}
                  confirm={`Delete the ${nameOf(banner)} and its image?`}
                  busy={remove.isPending}
                  onEdit={() => setEditing(banner)}
                  onDelete={() => remove.mutate(banner.id)}
                />
              </li>
            ))}
          </ol>
        )}
      </QueryState>
      <EditorDialog editing={editing} noun="banner" onClose={() => setEditing(null)}>
        {(banner) => <BannerForm banner={banner} onDone={() => setEditing(null)} />}
      </EditorDialog>
    </Page>
  );
}
