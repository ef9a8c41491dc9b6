// The routes of the API as its OpenAPI document describes them, with a plausible value for every input.
import { randomUUID } from 'node:crypto';

type Schema = {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
  default?: unknown;
  nullable?: boolean;
};

export interface OpenApiDocument {
  paths: Record<
    string,
    Record<string, { operationId?: string; tags?: string[]; parameters?: { in: string; name: string; schema?: Schema }[]; requestBody?: { content: Record<string, { schema: Schema }> } }>
  >;
  components?: { schemas?: Record<string, Schema> };
}

export interface Route {
  method: string;
  /** The path with its parameters in braces, as the document writes it. */
  template: string;
  pathParams: string[];
  query: Record<string, unknown>;
  /** A body that fits the documented schema, or undefined for a route without a JSON body. */
  body: unknown;
  multipart: boolean;
  /** The controller that answers it (Nest names each operation `<Controller>_<method>`). */
  controller: string;
}

export function routesOf(document: OpenApiDocument): Route[] {
  const schemas = document.components?.schemas ?? {};
  const resolve = (schema: Schema): Schema => (schema.$ref ? resolve(schemas[schema.$ref.split('/').pop()!]) : schema);
  const routes: Route[] = [];
  for (const [template, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const parameters = operation.parameters ?? [];
      const query = Object.fromEntries(parameters.filter((p) => p.in === 'query').map((p) => [p.name, sampleOf(p.schema ?? {}, resolve, 0)]));
      const content = operation.requestBody?.content ?? {};
      const json = content['application/json']?.schema;
      routes.push({
        method: method.toUpperCase(),
        template,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query,
        body: json ? sampleOf(json, resolve, 0) : undefined,
        multipart: 'multipart/form-data' in content,
        controller: operation.operationId?.split('_')[0] ?? operation.tags?.[0] ?? template,
      });
    }
  }
  return routes;
}

/** A value of the schema's shape; every optional field is filled in too, so each of them is exercised. */
export function sampleOf(input: Schema, resolve: (s: Schema) => Schema, depth: number): unknown {
  const schema = resolve(input);
  if (depth > 8) return null;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return sampleOf(variants.find((v) => resolve(v).type !== 'null') ?? variants[0], resolve, depth + 1);
  if (schema.allOf) return sampleOf(schema.allOf[0], resolve, depth + 1);
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, child]) => [name, sampleOf(child, resolve, depth + 1)]));
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sampleOf(schema.items ?? {}, resolve, depth + 1));
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'string':
      return stringSample(schema);
    default:
      return schema.default ?? 'x';
  }
}

function stringSample(schema: Schema): string {
  if (schema.format === 'uuid') return randomUUID();
  if (schema.format === 'email') return `fuzz-${randomUUID().slice(0, 8)}@example.com`;
  if (schema.format === 'date-time') return new Date().toISOString();
  if (schema.pattern === '^\\d{4}-\\d{2}-\\d{2}$') return '2026-11-23';
  return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
}
