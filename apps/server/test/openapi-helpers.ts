import type { FastifyInstance } from 'fastify';

/** A JSON schema as the OpenAPI document gives it (the parts these tests read). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
  pattern?: string;
}

export interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: { name: string; schema?: JsonSchema }[];
  body?: JsonSchema;
}

/** Every operation of the app's OpenAPI document (/api/docs/json), the route list the suites are made from. */
export async function operationsOf(app: FastifyInstance): Promise<Operation[]> {
  const doc = (await app.inject({ url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, { parameters?: { in: string; name: string; schema?: JsonSchema }[]; requestBody?: { content: Record<string, { schema?: JsonSchema }> } }>>;
  };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const parameters = op.parameters ?? [];
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema })),
        body: op.requestBody?.content['application/json']?.schema,
      });
    }
  }
  return operations;
}

/** encodeURIComponent, with lone surrogates (which a URL cannot carry) replaced by U+FFFD. */
export const encodeSegment = (value: string) =>
  encodeURIComponent(Array.from(value, (ch) => (ch.length === 1 && /[\ud800-\udfff]/.test(ch) ? '\ufffd' : ch)).join(''));

/** The path with its parameters filled in. */
export const fillPath = (path: string, value: (param: string) => string) =>
  path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeSegment(value(name)));

/** A small value that satisfies `schema` as far as its shape says (formats and patterns aside). */
export function sampleOf(schema: JsonSchema | undefined): unknown {
  if (!schema) return {};
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice) return sampleOf(choice.find((s) => s.type !== 'null') ?? choice[0]);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((s) => sampleOf(s) as object));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((key) => [key, sampleOf(schema.properties?.[key])]));
    case 'array':
      return [];
    case 'string':
      if (schema.format === 'email') return 'someone@example.com';
      if (schema.format === 'uri') return 'https://example.com/';
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    default:
      return {};
  }
}
