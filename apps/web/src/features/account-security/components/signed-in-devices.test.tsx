import { describe, expect, it } from 'vitest';
import { deviceName, placeOf } from './signed-in-devices';

describe('a signed-in device in words', () => {
  it('names browser and system', () => expect(deviceName({ browser: 'Safari', os: 'iOS' })).toBe('Safari on iOS'));
  it('names what is known', () => expect(deviceName({ browser: null, os: 'Android' })).toBe('Android'));
  it('says when nothing is known', () => expect(deviceName({ browser: null, os: null })).toBe('Unknown device'));
  it('reads a place from the time zone', () => expect(placeOf('America/Argentina/Buenos_Aires')).toBe('Buenos Aires area (America/Argentina/Buenos_Aires)'));
  it('keeps a zone without a place as a zone', () => expect(placeOf('UTC')).toBe('UTC time zone'));
  it('shows nothing without a zone', () => expect(placeOf(null)).toBeNull());
});
