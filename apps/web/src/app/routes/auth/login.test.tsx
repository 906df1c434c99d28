import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { SiteConfig } from '@portal/contracts/site';
import { SIGNED_OUT, sessionQueryKey } from '@/lib/session';
import { siteConfigQueryKey } from '@/lib/site-config';
import { Component as Login } from './login';

afterEach(cleanup);

const links: SiteConfig['links'] = { appStore: null, playStore: null, instagram: null, facebook: null, tiktok: null, x: null, menuSync: null, videoEmbed: null };

function renderLogin(googleSignIn: boolean) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(sessionQueryKey, SIGNED_OUT);
  queryClient.setQueryData(siteConfigQueryKey, { links, googleSignIn } satisfies SiteConfig);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/login']}>
        <Login />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the sign-in page', () => {
  it('offers Google when the server says it signs in with Google', () => {
    renderLogin(true);
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeDefined();
    expect(screen.getByText('OR', { exact: true })).toBeDefined();
  });

  it('shows no Google button when Google sign-in is off (production with no Google client)', () => {
    renderLogin(false);
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
    expect(screen.queryByText('OR', { exact: true })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeDefined();
  });
});
