import { type AnyNode, parse } from '@humanwhocodes/momoa';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { MANIFEST_SCHEMA_3, MANIFEST_SCHEMA_4_1 } from './json-schemas';
import { INVALID_JSON_MESSAGE, MANIFEST_LIMITS, SCHEMA_VERSIONS } from './limits';
import {
  isRecord,
  manifestRuleProblems,
  pointerToken,
  pointerTokens,
  RULE_MESSAGES,
  type RuleProblem,
} from './rules';
import type { ManifestError } from './types';

// Manifest validation with the JSON Schemas (ajv) and the extra rules, answering each error with its JSON
// pointer and its line and column in the submitted text. Server side: ajv compiles schemas with
// `new Function`, which the web's Content-Security-Policy forbids — the web asks the server
// (POST /api/v1/manifest_validations) and uses the pure rules of rules.ts / configured.ts.

export interface ManifestValidationOptions {
  /** Where the manifest is headed (only Sandbox versions are created through the API). */
  environment?: 'Sandbox' | 'ProductionEnvironment';
  /** Government-cloud mode: side panels are refused. */
  governmentCloud?: boolean;
}

let validators: { v3: ValidateFunction; v41: ValidateFunction } | undefined;

/** The compiled schemas, built on first use and kept. */
function compiled(): { v3: ValidateFunction; v41: ValidateFunction } {
  if (!validators) {
    const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false });
    validators = { v3: ajv.compile(MANIFEST_SCHEMA_3), v41: ajv.compile(MANIFEST_SCHEMA_4_1) };
  }
  return validators;
}

function schemaMessage(error: ErrorObject): { pointer: string; message: string } | null {
  const at = error.instancePath;
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'if':
      return null;
    case 'required':
      return { pointer: `${at}/${pointerToken(String(p.missingProperty))}`, message: RULE_MESSAGES.required };
    case 'additionalProperties':
      return {
        pointer: `${at}/${pointerToken(String(p.additionalProperty))}`,
        message: `unknown property "${String(p.additionalProperty)}"`,
      };
    case 'propertyNames':
      return {
        pointer: `${at}/${pointerToken(String(p.propertyName))}`,
        message: `invalid key "${String(p.propertyName)}": use letters, digits and underscores`,
      };
    case 'enum':
      return {
        pointer: at,
        message: `must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`,
      };
    case 'const':
      return { pointer: at, message: `must be ${JSON.stringify(p.allowedValue)}` };
    case 'minLength':
    case 'pattern':
      return { pointer: at, message: RULE_MESSAGES.required };
    case 'maxLength':
      return { pointer: at, message: `too long: expected at most ${String(p.limit)} characters` };
    case 'minItems':
      return at.endsWith('/views')
        ? { pointer: at, message: RULE_MESSAGES.view }
        : { pointer: at, message: `expected at least ${String(p.limit)} items` };
    case 'maxItems':
    case 'maxProperties':
      return { pointer: at, message: `too many entries: expected at most ${String(p.limit)}` };
    case 'uniqueItems':
      return { pointer: `${at}/${String(p.i)}`, message: `duplicate of item ${String(p.j)}` };
    default:
      return { pointer: at, message: error.message ?? 'is invalid' };
  }
}

/**
 * Validates a parsed manifest: its schema version, the JSON Schema of that version, then the extra rules
 * (views, URLs, permission levels, post-installation instructions). An empty list means valid.
 */
export function validateManifestContent(
  content: unknown,
  options: ManifestValidationOptions = {},
): RuleProblem[] {
  if (!isRecord(content)) return [{ pointer: '', message: 'the manifest must be a JSON object' }];
  const version = content.schema_version;
  if (version === undefined) return [{ pointer: '/schema_version', message: RULE_MESSAGES.required }];
  if (typeof version !== 'string' || !(SCHEMA_VERSIONS as readonly string[]).includes(version))
    return [
      {
        pointer: '/schema_version',
        message: `unknown schema version ${JSON.stringify(version)} (known: ${SCHEMA_VERSIONS.join(', ')})`,
      },
    ];
  const validate = version === '4.1' ? compiled().v41 : compiled().v3;
  validate(content);
  const problems: RuleProblem[] = [];
  // One error per distinct field (a pointer): the schema's first, then the first rule's.
  const seen = new Set<string>();
  const add = (problem: RuleProblem) => {
    if (seen.has(problem.pointer)) return;
    seen.add(problem.pointer);
    problems.push(problem);
  };
  for (const error of validate.errors ?? []) {
    if ((error as ErrorObject & { propertyName?: string }).propertyName !== undefined) continue;
    const problem = schemaMessage(error);
    if (problem) add(problem);
  }
  for (const problem of manifestRuleProblems(content, options)) add(problem);
  return inDocumentOrder(content, problems);
}

/**
 * Problems in the order of the document (reference "Validation errors worth imitating"): by where their
 * pointer is in the manifest, keys in their written order; a missing member right after its parent.
 */
function inDocumentOrder(content: unknown, problems: RuleProblem[]): RuleProblem[] {
  const rank = new Map<string, number>();
  const walk = (value: unknown, pointer: string) => {
    rank.set(pointer, rank.size);
    if (Array.isArray(value)) for (const [i, v] of value.entries()) walk(v, `${pointer}/${i}`);
    else if (isRecord(value))
      for (const [k, v] of Object.entries(value)) walk(v, `${pointer}/${pointerToken(k)}`);
  };
  walk(content, '');
  const rankOf = (pointer: string): number => {
    const found = rank.get(pointer);
    if (found !== undefined) return found;
    const cut = pointer.lastIndexOf('/');
    return cut < 0 ? 0 : rankOf(pointer.slice(0, cut)) + 0.5;
  };
  return problems
    .map((problem, index) => ({ problem, index, at: rankOf(problem.pointer) }))
    .sort((a, b) => a.at - b.at || a.index - b.index)
    .map((entry) => entry.problem);
}

/** The deepest nesting of a JSON text, counted without parsing (strings skipped), and where it first passes `max`. */
function tooDeep(text: string, max: number): number | null {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      depth++;
      if (depth > max) return i;
    } else if (c === 125 || c === 93) depth--;
  }
  return null;
}

/** 1-based line and column of an offset in a text. */
export function positionOf(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      start = i + 1;
    }
  }
  return { line, column: offset - start + 1 };
}

/** The node a JSON pointer reaches, or the deepest node on its way (an object member answers at its key). */
function locate(root: AnyNode, pointer: string): { line: number; column: number } {
  let node: AnyNode = root;
  let at = root.loc.start;
  for (const token of pointerTokens(pointer)) {
    if (node.type === 'Object') {
      const member = node.members.find((m) => m.name.type === 'String' && m.name.value === token);
      if (!member) break;
      at = member.loc.start;
      node = member.value;
    } else if (node.type === 'Array') {
      const element = /^\d+$/.test(token) ? node.elements[Number(token)] : undefined;
      if (!element) break;
      at = element.value.loc.start;
      node = element.value;
    } else break;
  }
  return { line: at.line, column: at.column };
}

/**
 * Validates a manifest's JSON text (spec 2 §5, §8): one error per distinct field, in the order of the
 * text, each with its JSON pointer and its 1-based line and column. Text that is not JSON gives one error, 'Invalid JSON, could not parse manifest', at the
 * syntax error; text past MANIFEST_LIMITS.contentChars one error at the start.
 */
export function validateManifestText(text: string, options: ManifestValidationOptions = {}): ManifestError[] {
  if (text.length > MANIFEST_LIMITS.contentChars)
    return [
      {
        message: `The manifest is too large: expected at most ${MANIFEST_LIMITS.contentChars} characters, got ${text.length}`,
        pointer: '',
        line: 1,
        column: 1,
      },
    ];
  const deep = tooDeep(text, MANIFEST_LIMITS.depth);
  if (deep !== null)
    return [
      {
        message: `The manifest nests too deeply: at most ${MANIFEST_LIMITS.depth} levels`,
        pointer: '',
        ...positionOf(text, deep),
      },
    ];
  let document: ReturnType<typeof parse>;
  try {
    document = parse(text, { mode: 'json' });
  } catch (error) {
    const e = error as { line?: number; column?: number; offset?: number };
    const position =
      typeof e.line === 'number' && typeof e.column === 'number'
        ? { line: e.line, column: e.column }
        : positionOf(text, typeof e.offset === 'number' ? e.offset : text.length);
    return [{ message: INVALID_JSON_MESSAGE, pointer: '', ...position }];
  }
  const problems = validateManifestContent(JSON.parse(text), options)
    .map((problem, index) => ({ problem, index, at: locate(document.body, problem.pointer) }))
    // Document order is the text's: by line and column (keys JSON.parse would reorder stay where written).
    .sort((a, b) => a.at.line - b.at.line || a.at.column - b.at.column || a.index - b.index);
  const errors = problems.slice(0, MANIFEST_LIMITS.errors).map(({ problem, at }) => ({
    message: problem.message,
    pointer: problem.pointer,
    ...at,
  }));
  if (problems.length > MANIFEST_LIMITS.errors) {
    const last = errors[errors.length - 1];
    if (last) last.message += ` (and ${problems.length - MANIFEST_LIMITS.errors} more errors)`;
  }
  return errors;
}
