// The subset of OpenAPI 3.0/3.1 the reference screen reads, and pure helpers over it.

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface Reference {
  $ref: string;
}

export interface Schema {
  type?: string | string[];
  format?: string;
  description?: string;
  properties?: Record<string, Schema | Reference>;
  required?: string[];
  items?: Schema | Reference;
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  anyOf?: (Schema | Reference)[];
  oneOf?: (Schema | Reference)[];
  allOf?: (Schema | Reference)[];
  additionalProperties?: boolean | Schema | Reference;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
}

export interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: Schema | Reference;
  deprecated?: boolean;
}

export interface MediaType {
  schema?: Schema | Reference;
}

export interface RequestBody {
  description?: string;
  required?: boolean;
  content?: Record<string, MediaType>;
}

export interface ResponseObject {
  description?: string;
  content?: Record<string, MediaType>;
}

export interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  deprecated?: boolean;
  parameters?: (Parameter | Reference)[];
  requestBody?: RequestBody | Reference;
  responses?: Record<string, ResponseObject | Reference>;
}

export type PathItem = Partial<Record<HttpMethod, Operation>> & { parameters?: (Parameter | Reference)[] };

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers?: { url: string; description?: string }[];
  tags?: { name: string; description?: string }[];
  paths?: Record<string, PathItem>;
  components?: {
    schemas?: Record<string, Schema>;
    parameters?: Record<string, Parameter>;
    requestBodies?: Record<string, RequestBody>;
    responses?: Record<string, ResponseObject>;
  };
}

export interface OperationEntry {
  id: string;
  method: HttpMethod;
  path: string;
  operation: Operation;
  parameters: Parameter[];
}

export interface OperationGroup {
  /** URL segment of the group. */
  slug: string;
  name: string;
  description?: string;
  admin: boolean;
  operations: OperationEntry[];
}

export interface SchemaField {
  name: string;
  type: string;
  required: boolean;
  description?: string;
  constraints: string[];
  depth: number;
}

export const ADMIN_GROUP_SLUG = 'admin';
const UNTAGGED = 'other';

function isReference(value: unknown): value is Reference {
  return typeof value === 'object' && value !== null && typeof (value as Reference).$ref === 'string';
}

/** Follows a local `#/components/...` reference (one level at a time, cycles stop). */
export function resolve<T>(
  doc: OpenApiDocument,
  value: T | Reference | undefined,
  seen = new Set<string>(),
): T | undefined {
  let current: unknown = value;
  while (isReference(current)) {
    const ref = current.$ref;
    if (seen.has(ref) || !ref.startsWith('#/')) return undefined;
    seen.add(ref);
    current = ref
      .slice(2)
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>(
        (node, part) =>
          node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined,
        doc,
      );
  }
  return current as T | undefined;
}

export function slugify(value: string): string {
  return (
    value
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || UNTAGGED
  );
}

/** Whether an operation is part of the administrator API (shown only to admins). */
export function isAdminOperation(path: string, operation: Operation): boolean {
  return (
    /(^|\/)admin(\/|$)/.test(path) || (operation.tags ?? []).some((tag) => tag.toLowerCase() === 'admin')
  );
}

/** Every operation of the document, in document order. */
export function listOperations(doc: OpenApiDocument): OperationEntry[] {
  const entries: OperationEntry[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const shared = (item.parameters ?? []).map((parameter) => resolve<Parameter>(doc, parameter));
      const own = (operation.parameters ?? []).map((parameter) => resolve<Parameter>(doc, parameter));
      const byKey = new Map<string, Parameter>();
      for (const parameter of [...shared, ...own])
        if (parameter) byKey.set(`${parameter.in}:${parameter.name}`, parameter);
      entries.push({
        id: slugify(operation.operationId ?? `${method}-${path}`),
        method,
        path,
        operation,
        parameters: [...byKey.values()],
      });
    }
  }
  return entries;
}

/**
 * Operations grouped by their first tag, in the document's tag order. Administrator operations form
 * one "admin" group, left out unless `includeAdmin`.
 */
export function groupOperations(
  doc: OpenApiDocument,
  { includeAdmin }: { includeAdmin: boolean },
): OperationGroup[] {
  const groups = new Map<string, OperationGroup>();
  const tagInfo = new Map((doc.tags ?? []).map((tag, index) => [tag.name, { ...tag, index }]));
  for (const entry of listOperations(doc)) {
    const admin = isAdminOperation(entry.path, entry.operation);
    if (admin && !includeAdmin) continue;
    const tag = admin ? ADMIN_GROUP_SLUG : (entry.operation.tags?.[0] ?? UNTAGGED);
    const slug = admin ? ADMIN_GROUP_SLUG : slugify(tag);
    let group = groups.get(slug);
    if (!group) {
      group = { slug, name: tag, description: tagInfo.get(tag)?.description, admin, operations: [] };
      groups.set(slug, group);
    }
    group.operations.push(entry);
  }
  const rank = (group: OperationGroup) =>
    group.admin ? Number.MAX_SAFE_INTEGER : (tagInfo.get(group.name)?.index ?? Number.MAX_SAFE_INTEGER - 1);
  return [...groups.values()].sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}

/** A short type label: `string`, `integer`, `array<string>`, `"queued" | "sent"`, `string | null`. */
export function schemaType(doc: OpenApiDocument, input: Schema | Reference | undefined, depth = 0): string {
  const schema = resolve<Schema>(doc, input);
  if (!schema || depth > 4) return 'any';
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants)
    return [...new Set(variants.map((variant) => schemaType(doc, variant, depth + 1)))].join(' | ');
  if (schema.allOf?.length === 1) return schemaType(doc, schema.allOf[0], depth + 1);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const labels = types.map((type) =>
    type === 'array'
      ? `array<${schemaType(doc, schema.items, depth + 1)}>`
      : schema.format
        ? `${type} (${schema.format})`
        : type,
  );
  if (schema.nullable) labels.push('null');
  if (labels.length === 0) return schema.properties ? 'object' : 'any';
  return labels.join(' | ');
}

function constraintsOf(schema: Schema): string[] {
  const out: string[] = [];
  if (schema.minLength !== undefined) out.push(`minLength ${schema.minLength}`);
  if (schema.maxLength !== undefined) out.push(`maxLength ${schema.maxLength}`);
  if (schema.minimum !== undefined) out.push(`min ${schema.minimum}`);
  if (schema.maximum !== undefined) out.push(`max ${schema.maximum}`);
  if (schema.minItems !== undefined) out.push(`minItems ${schema.minItems}`);
  if (schema.maxItems !== undefined) out.push(`maxItems ${schema.maxItems}`);
  if (schema.pattern !== undefined) out.push(`pattern ${schema.pattern}`);
  if (schema.default !== undefined) out.push(`default ${JSON.stringify(schema.default)}`);
  return out;
}

/** The object schema inside a schema, looking through arrays, nullable unions and single allOf. */
function objectSchema(
  doc: OpenApiDocument,
  input: Schema | Reference | undefined,
  depth = 0,
): Schema | undefined {
  const schema = resolve<Schema>(doc, input);
  if (!schema || depth > 4) return undefined;
  if (schema.properties) return schema;
  if (schema.allOf) {
    const parts = schema.allOf
      .map((part) => objectSchema(doc, part, depth + 1))
      .filter((part) => part !== undefined);
    if (parts.length === 0) return undefined;
    return {
      type: 'object',
      properties: Object.assign({}, ...parts.map((part) => part.properties)),
      required: parts.flatMap((part) => part.required ?? []),
    };
  }
  const variants = (schema.anyOf ?? schema.oneOf ?? []).filter(
    (variant) => resolve<Schema>(doc, variant)?.type !== 'null',
  );
  if (variants.length === 1) return objectSchema(doc, variants[0], depth + 1);
  return undefined;
}

/**
 * The fields of a schema as rows, nested fields with dotted names (`error.details[].path`).
 * A top-level array lists the fields of its items under `[]`.
 */
export function schemaFields(
  doc: OpenApiDocument,
  input: Schema | Reference | undefined,
  maxDepth = 3,
): SchemaField[] {
  const rows: SchemaField[] = [];
  const walk = (node: Schema | Reference | undefined, prefix: string, depth: number, seen: Set<Schema>) => {
    const object = objectSchema(doc, node);
    if (!object || depth > maxDepth || seen.has(object)) return;
    const nextSeen = new Set(seen).add(object);
    const required = new Set(object.required ?? []);
    for (const [name, child] of Object.entries(object.properties ?? {})) {
      const schema = resolve<Schema>(doc, child) ?? {};
      const fullName = prefix ? `${prefix}.${name}` : name;
      rows.push({
        name: fullName,
        type: schemaType(doc, child),
        required: required.has(name),
        description: schema.description,
        constraints: constraintsOf(schema),
        depth,
      });
      const items =
        schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array'))
          ? schema.items
          : undefined;
      if (items) walk(items, `${fullName}[]`, depth + 1, nextSeen);
      else walk(child, fullName, depth + 1, nextSeen);
    }
  };
  const root = resolve<Schema>(doc, input);
  if (root?.type === 'array' && root.items) walk(root.items, '[]', 0, new Set());
  else walk(input, '', 0, new Set());
  return rows;
}

/** The JSON schema of a request body or response (first JSON-like content type). */
export function jsonSchemaOf(content: Record<string, MediaType> | undefined): Schema | Reference | undefined {
  if (!content) return undefined;
  const key = Object.keys(content).find((type) => type.includes('json')) ?? Object.keys(content)[0];
  return key ? content[key]?.schema : undefined;
}
