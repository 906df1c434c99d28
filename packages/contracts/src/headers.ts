/**
 * The header in which the web reports the browser's time zone ("Europe/Paris") with each call. The server keeps it
 * with the session to show an approximate place beside a signed-in device, and for nothing else: a client can say
 * anything in it. (No zod here: the web's first script sends it.)
 */
export const TIME_ZONE_HEADER = 'x-time-zone';
