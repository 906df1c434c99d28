/**
 * Live events are hints, never data: a topic names what changed ("payments:ID"), and the browser refetches the
 * queries whose key starts with the topic's first segment ("payments").
 */
export interface LiveEvent {
  topic: string;
}

export const topicRoot = (topic: string) => topic.split(':')[0] ?? topic;
