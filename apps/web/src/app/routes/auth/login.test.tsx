import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { SiteConfig } from '@portal/contracts/site';
import { SIGNED_OUT, sessionQueryKey } from '@/lib/session';
import { siteConfigQueryKey } from '@/lib/site-config';
import { Component as Login } from './login';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const links: SiteConfig['links'] = { appStore: null, playStore: null, instagram: null, facebook: null, tiktok: null, x: null, menuSync: null, videoEmbed: null };

function renderLogin(googleSignIn: boolean, url = '/login') {
  const queryClient = new QueryClient();
  queryClient.setQueryData(sessionQueryKey, SIGNED_OUT);
  queryClient.setQueryData(siteConfigQueryKey, { links, googleSignIn } satisfies SiteConfig);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
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

const PLAN = { id: 'plan-1', title: 'Growth', price: '49.00', amount: 4900, recurring: 'month', description: null };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Answers the page's calls: the plan, and `answers` by path; records every request body by path. */
function serve(answers: Record<string, () => Response>) {
  const sent: Record<string, unknown[]> = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://portal.test').pathname;
      (sent[path] ??= []).push(init?.body ? JSON.parse(String(init.body)) : undefined);
      if (path === `/api/plans/${PLAN.id}`) return json(200, PLAN);
      return answers[path]?.() ?? json(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } });
    }),
  );
  return sent;
}

function fillIn(fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) fireEvent.input(screen.getByLabelText(label), { target: { value } });
}

describe('creating an account', () => {
  it('asks to check the email, names the address, keeps the plan, and sends the link on to that plan', async () => {
    const sent = serve({ '/api/auth/sign-up/email': () => json(200, { checkEmail: true }) });
    renderLogin(false, `/login?plan=${PLAN.id}&fromCheckout=1`);
    fillIn({ 'Full Name': 'Pat Doe', Email: 'pat@example.com', 'Phone Number': '555 010 2030', Password: 'a-good-long-password' });
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeDefined();
    expect(screen.getByRole('status').textContent).toContain('We sent an email to pat@example.com.');
    expect((await screen.findByText('Growth')).tagName).toBe('STRONG');
    expect(sent['/api/auth/sign-up/email']).toEqual([
      {
        name: 'Pat Doe',
        email: 'pat@example.com',
        phone: '555 010 2030',
        password: 'a-good-long-password',
        callbackURL: `/email-verified?new=1&plan=${PLAN.id}&fromCheckout=1`,
      },
    ]);
  });

  it('offers another link only after a wait, and says when the server limits them', async () => {
    let resends = 0;
    const sent = serve({
      '/api/auth/sign-up/email': () => json(200, { checkEmail: true }),
      '/api/auth/send-verification-email': () =>
        ++resends === 1 ? json(200, { status: true }) : json(429, { error: { code: 'RATE_LIMITED', message: 'Too many attempts. Please wait a minute and try again.' } }),
    });
    renderLogin(false);
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    fillIn({ 'Full Name': 'Pat Doe', Email: 'pat@example.com', 'Phone Number': '555 010 2030', Password: 'a-good-long-password' });
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await screen.findByRole('heading', { name: 'Check your email' });

    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('We sent a new link to pat@example.com.')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Resend' })).toBeNull();
    expect(screen.getByText('You can ask for another link in 60 s.')).toBeDefined();
    expect(sent['/api/auth/send-verification-email']).toEqual([{ email: 'pat@example.com', callbackURL: '/email-verified?new=1' }]);

    for (let i = 0; i < 60; i++) await act(() => vi.advanceTimersByTimeAsync(1000));
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Please wait a minute and try again.');
  });
});

describe('signing in to an account whose address is not verified', () => {
  it('says so and offers a new link to that address', async () => {
    const sent = serve({
      '/api/auth/sign-in/email': () =>
        json(403, { error: { code: 'EMAIL_NOT_VERIFIED', message: 'Please verify your email address first: follow the link we emailed you, or send a new one.' } }),
      '/api/auth/send-verification-email': () => json(200, { status: true }),
    });
    renderLogin(false);
    fillIn({ Email: 'pat@example.com', Password: 'a-good-long-password' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please verify your email address first: follow the link we emailed you, or send a new one.');
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('We sent a new link to pat@example.com.')).toBeDefined();
    expect(sent['/api/auth/send-verification-email']).toEqual([{ email: 'pat@example.com', callbackURL: '/email-verified?new=1' }]);
  });
});
