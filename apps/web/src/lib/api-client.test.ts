import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@portal/contracts/routes';
import { ApiError, api } from './api-client';
import { onReauthenticationRequired } from './reauthentication';

const refused = () => new Response(JSON.stringify({ error: { code: 'REAUTHENTICATION_REQUIRED', message: 'Please confirm your password to continue.' } }), { status: 403 });
const done = () => new Response(null, { status: 204 });

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  vi.unstubAllGlobals();
});

describe('api() and an old sign-in', () => {
  it('asks for the password once and sends the refused change again', async () => {
    const fetch = vi.fn().mockResolvedValueOnce(refused()).mockResolvedValueOnce(done());
    vi.stubGlobal('fetch', fetch);
    const confirm = vi.fn().mockResolvedValue(true);
    stop = onReauthenticationRequired(confirm);
    await api(routes.account.setPassword, { body: { newPassword: 'a-long-new-password' } });
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[1]![1].body).toBe(JSON.stringify({ newPassword: 'a-long-new-password' }));
  });

  it('gives the refusal to the page when the person cancels, and sends nothing more', async () => {
    const fetch = vi.fn().mockResolvedValueOnce(refused());
    vi.stubGlobal('fetch', fetch);
    stop = onReauthenticationRequired(async () => false);
    const error = await api(routes.account.setPassword, { body: { newPassword: 'a-long-new-password' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('REAUTHENTICATION_REQUIRED');
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
