import type { Topic } from './topics.ts';

/**
 * Live events are hints, never data: a topic names what changed ("payments:ID"), and the browser refetches the
 * queries whose key starts with the topic's root ("payments"). Roots and keys: `./topics.ts`.
 */
export interface LiveEvent {
  topic: Topic | string;
}

export { topicRoot, topicQueryKey } from './topics.ts';
