import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { missingItems, type StoreListing } from '@portal/contracts/store-listing';
import { ListingForm } from './listing-form';

const empty = {
  projectId: 'p1',
  appName: '',
  shortDescription: '',
  fullDescription: '',
  keywords: '',
  supportUrl: '',
  privacyUrl: '',
  category: '',
  icon: null,
  screenshots: { iphone69: [], ipad13: [], androidPhone: [] },
  updatedTimestamp: null,
};
const listing: StoreListing = { ...empty, missing: missingItems(empty), ready: false };

let sent: Array<{ url: string; body: Record<string, unknown> }>;
let answer: (body: Record<string, unknown>) => Response;

beforeEach(() => {
  sent = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    sent.push({ url, body });
    return answer(body);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ListingForm projectId="p1" listing={listing} />
    </QueryClientProvider>,
  );
  return { save: () => fireEvent.click(screen.getByRole('button', { name: 'Save draft' })) };
}

describe('the store listing form', () => {
  it('counts characters and refuses a name too long before anything is sent', async () => {
    const { save } = renderForm();
    fireEvent.change(screen.getByLabelText('App name'), { target: { value: 'Rosa Bakes Fresh Bread and Cakes' } });
    expect(screen.getByText('32 / 30 characters')).toBeTruthy();
    save();
    expect(await screen.findByText('App name can be at most 30 characters (it has 32).')).toBeTruthy();
    expect(screen.getByLabelText('App name').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
  });

  it('saves a partly filled draft, and shows the server’s refusals at their fields', async () => {
    answer = () => new Response(JSON.stringify({ error: { code: 'LISTING_INVALID', message: 'Some details need your attention. See the fields marked.', fields: [{ field: 'iconUploadId', message: 'The app icon must be a PNG file.' }] } }), { status: 400 });
    const { save } = renderForm();
    fireEvent.change(screen.getByLabelText('App name'), { target: { value: ' Rosa Bakes ' } });
    save();
    expect(await screen.findByText('The app icon must be a PNG file.')).toBeTruthy();
    expect(screen.getByText('Some details need your attention. See the fields marked.')).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('/api/projects/p1/store-listing');
    expect(sent[0]!.body).toMatchObject({ appName: ' Rosa Bakes ', iconUploadId: null, screenshots: { iphone69: [], ipad13: [], androidPhone: [] } });

    answer = (body) => new Response(JSON.stringify({ ...listing, appName: String(body.appName).trim(), updatedTimestamp: 1 }), { status: 200 });
    save();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Draft saved.'));
    expect((screen.getByLabelText('App name') as HTMLInputElement).value).toBe('Rosa Bakes');
  });
});
