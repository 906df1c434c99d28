/**
 * Live topics. A write publishes `root:ID` (or a bare root for public collections); the browser refetches every
 * query whose key starts with the root ("payments:ID" -> every ["payments", ...] query). Events carry no data.
 */
export const TOPIC_ROOTS = [
  'payments',
  'cards',
  'subscriptions',
  'chats',
  'projects',
  'questionnaire',
  'steps',
  'dashboard',
  'plans',
  'faqs',
  'banners',
  'help-guides',
  'portfolio',
  'trusted-by',
  'deletion-requests',
  'audit',
  'saved-replies',
  'chat-notes',
  'stage-templates',
  /** `typing:CHAT:SIDE`: someone of that side (user or support) is typing in the chat; nothing to refetch. */
  'typing',
] as const;

export type TopicRoot = (typeof TOPIC_ROOTS)[number];
/** A published topic: a root, or a root and the id of what changed. */
export type Topic = TopicRoot | `${TopicRoot}:${string}`;

/** The roots by name, for code that publishes or keys queries (`topics.payments`). */
const camel = (root: string) => root.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());
export const topics = Object.fromEntries(TOPIC_ROOTS.map((root) => [camel(root), root])) as {
  readonly [R in TopicRoot as R extends `${infer A}-${infer B}` ? `${A}${Capitalize<B>}` : R]: R;
};

/** The topic of one changed thing: `topicOf('payments', id)` is `payments:ID`. */
export const topicOf = <R extends TopicRoot>(root: R, id: string): `${R}:${string}` => `${root}:${id}`;

const ROOTS: ReadonlySet<string> = new Set(TOPIC_ROOTS);
export const isTopicRoot = (value: string): value is TopicRoot => ROOTS.has(value);

/** The root of a topic as received ("payments:ID" -> "payments"). */
export const topicRoot = (topic: string): string => topic.split(':')[0] ?? topic;

/** The query key prefix a topic refetches: every query whose key starts with the topic's root. */
export const topicQueryKey = (topic: string): readonly [string] => [topicRoot(topic)];
