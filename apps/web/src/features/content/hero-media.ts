/** A looping clip's poster under /media/video: the picture shown until, or instead of, the clip. */
export const videoPoster = (name: string) => `/media/video/${name}.svg`;

/** The landing hero's clip; its poster is the largest thing on a phone's first screen, so it is preloaded. */
export const HERO_CLIP = 'hero';
export const HERO_POSTER = videoPoster(HERO_CLIP);
