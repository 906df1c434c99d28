/** The team inbox's tools beside the chats (issue 23 point 5): message search, ratings, support figures. */
export { supportInboxRoutes } from './routes.ts';
export { chatRatings } from './schema.ts';
