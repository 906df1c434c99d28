/**
 * The window event a live `typing:…` topic becomes (its detail is the topic): it changes no data, so nothing
 * refetches. Apart from the live events' code, so that pages listening for it do not load the entry's modules.
 */
export const TYPING_EVENT = 'portal:typing';
