import { describe, expect, it } from 'vitest';
import { deviceKindOf } from '../src/modules/account/user-agent.ts';

describe('deviceKindOf', () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0', 'Edge', 'Windows', false],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox', 'Linux', false],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36', 'Chrome', 'Android', true],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1', 'Chrome', 'iOS', true],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15', 'Safari', 'macOS', false],
  ])('reads %s', (agent, browser, os, mobile) => expect(deviceKindOf(agent)).toEqual({ browser, os, mobile }));

  it('leaves what it cannot tell empty', () => {
    expect(deviceKindOf(null)).toEqual({ browser: null, os: null, mobile: false });
    expect(deviceKindOf('curl/8.5.0')).toEqual({ browser: null, os: null, mobile: false });
  });
});
