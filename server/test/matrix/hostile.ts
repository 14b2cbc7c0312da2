import type { z } from 'zod';

/**
 * Hostile requests made from a route's declared zod schemas (server/test/matrix/fuzz.test.ts). For each of its
 * query, params and body a valid sample is found first (so one bad field at a time reaches the rules behind the
 * others), then each field gets values of the wrong type, out-of-range numbers, huge and odd strings and deep
 * markup; required fields go missing, unknown and prototype keys appear, and the whole body becomes an array, a
 * scalar, 10,000 levels of JSON or 1 MB. Deterministic: a seeded generator picks what is sampled.
 */

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  checks?: { _zod: { def: { check: string; minimum?: number; maximum?: number } } }[];
}
const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Whether values travel as JSON (a body) or as text (a query string, a path). */
export type Wire = 'json' | 'text';

const WRAPPERS = new Set(['optional', 'default', 'prefault', 'nullable', 'readonly', 'catch', 'nonoptional']);

/** The schema under optional/default/nullable wrappers and pipes: what kind of value the field is. */
export function leafOf(schema: z.ZodType): z.ZodType {
  let s = schema;
  for (let i = 0; i < 10; i++) {
    const def = defOf(s);
    if (WRAPPERS.has(def.type) && def.innerType) s = def.innerType;
    else if (def.type === 'pipe' && def.in && def.out) s = defOf(def.in).type === 'transform' ? def.out : def.in;
    else break;
  }
  return s;
}

export function kindOf(schema: z.ZodType): string {
  return defOf(leafOf(schema)).type;
}

function lengthLimits(schema: z.ZodType): { min: number; max?: number } {
  let min = 0;
  let max: number | undefined;
  for (const check of defOf(leafOf(schema)).checks ?? []) {
    const d = check._zod.def;
    if (d.check === 'min_length' && d.minimum !== undefined) min = d.minimum;
    if (d.check === 'max_length' && d.maximum !== undefined) max = d.maximum;
  }
  return { min, max };
}

const STRINGS = [
  'abc',
  '13800138000',
  'Abc12345',
  'a1b2c3d4',
  '2026-01-01',
  '2026-01-01 08:00:00',
  '2026-01-01T08:00:00.000Z',
  '08:00',
  'a@b.cn',
  'https://example.com/a.png',
  '#1677ff',
  'ABCD2345',
  '1',
  '0',
  'zh',
  '测试',
];
const NUMBERS = [1, 2, 0, 10, 100, 1000, 1_700_000_000_000];

function candidates(schema: z.ZodType, wire: Wire, depth = 0): unknown[] {
  if (depth > 12) return [];
  const def = defOf(schema);
  const text = (values: unknown[]) => (wire === 'text' ? values.map(String) : values);
  switch (def.type) {
    case 'pipe':
      return [...candidates(def.in!, wire, depth + 1), ...candidates(def.out!, wire, depth + 1)];
    case 'transform':
      return wire === 'text' ? [...NUMBERS.map(String), ...STRINGS] : [...STRINGS, ...NUMBERS, true];
    case 'string': {
      const { min } = lengthLimits(schema);
      return STRINGS.flatMap((s) => (s.length >= min ? [s] : [s.padEnd(min, '1'), s.padEnd(min, 'a')]));
    }
    case 'number':
      return text(NUMBERS);
    case 'boolean':
      return wire === 'text' ? ['true', '1'] : [true, false];
    case 'enum':
      return text(Object.values(def.entries ?? {}));
    case 'literal':
      return text(def.values ?? []);
    case 'array': {
      const item = sample(def.element!, wire, depth + 1);
      const { min } = lengthLimits(schema);
      return [Array.from({ length: Math.max(1, min) }, () => item)];
    }
    case 'object':
      return [sampleObject(schema, wire, depth + 1)];
    case 'union':
      return (def.options ?? []).flatMap((o) => candidates(o, wire, depth + 1));
    case 'record':
      return [{}];
    default:
      if (WRAPPERS.has(def.type) && def.innerType) return candidates(def.innerType, wire, depth + 1);
      return ['x', 1];
  }
}

/** A value the schema accepts, found by trying likely ones; the first candidate when none is accepted. */
export function sample(schema: z.ZodType, wire: Wire, depth = 0): unknown {
  const list = candidates(schema, wire, depth);
  return list.find((c) => schema.safeParse(c).success) ?? list[0];
}

function sampleObject(schema: z.ZodType, wire: Wire, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(shapeOf(schema))) {
    const value = sample(field, wire, depth);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** The fields of an object schema (under wrappers and pipes), or none. */
export function shapeOf(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  if (!schema) return {};
  const leaf = leafOf(schema);
  return defOf(leaf).type === 'object' ? (defOf(leaf).shape ?? {}) : {};
}

/** A valid sample of a route's query, params or body as it travels, and whether the schema accepts it. */
export function baseOf(schema: z.ZodType | undefined, wire: Wire): { value: Record<string, unknown>; valid: boolean } {
  if (!schema) return { value: {}, valid: true };
  const value = sampleObject(schema, wire, 0);
  return { value, valid: schema.safeParse(value).success };
}

export const MB = 'x'.repeat(1_000_000);
export const DEEP_HTML = '<div><b>'.repeat(5_000) + 'x' + '</b></div>'.repeat(5_000);
/** 10,000 levels of JSON, as text (JSON.stringify would overflow building it). */
export const DEEP_ARRAY = '['.repeat(10_000) + ']'.repeat(10_000);
export const DEEP_OBJECT = '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000);

/** Strings no field expects: bidirectional overrides, NUL, lone surrogates, zero-width, combining marks, quotes. */
export const ODD_STRINGS = [
  '\u202eevil\u202c',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\u200b\u200c\u200d\ufeff',
  'e\u0301\u0301\u0301\u0301',
  '😀'.repeat(64),
  "' or 1=1 --",
  '<img src=x onerror=alert(1)>',
  '',
  ' ',
];
/** Numbers out of every range, and text that looks like one. */
export const ODD_NUMBERS: unknown[] = [-1, 0, 1.5, 2 ** 31, 2 ** 63, -(2 ** 63), 1e308, -1e308, 5e-324];
export const NUMBERISH = ['NaN', 'Infinity', '-1', '9223372036854775808', '1e308', '0x10', '1.5', ''];
const WRONG_TYPES: unknown[] = [null, true, 'abc', 123, [], {}, ['x', 1], { a: 1 }];

/** Hostile values for one field of the given kind, JSON-wire (a body). */
export function hostileValues(field: z.ZodType): unknown[] {
  const kind = kindOf(field);
  const { max } = lengthLimits(field);
  const long = 'x'.repeat(max !== undefined ? max + 1 : 100_000);
  const wrong = WRONG_TYPES.filter((v) => (Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v) !== kind);
  switch (kind) {
    case 'string':
      return [...wrong, ...ODD_STRINGS, 'NaN', DEEP_HTML, long];
    case 'number':
      return [...wrong, ...ODD_NUMBERS, ...NUMBERISH];
    case 'array':
      return [...wrong, Array(10_000).fill(1), [DEEP_HTML], [null], [[[]]]];
    case 'object':
      return [...wrong, { __proto: 1 }];
    default:
      return [...wrong, ...ODD_STRINGS.slice(0, 4), ...ODD_NUMBERS.slice(0, 5)];
  }
}

/** Hostile values for one field of a query string or a path, as text. */
export function hostileTexts(field: z.ZodType): string[] {
  const kind = kindOf(field);
  const { max } = lengthLimits(field);
  const long = 'x'.repeat(max !== undefined ? max + 1 : 20_000);
  return [...ODD_STRINGS, ...NUMBERISH, '[]', '{}', 'null', 'true', DEEP_HTML.slice(0, 20_000), long].filter(
    (v) => kind === 'string' || v !== '',
  );
}

/** A small deterministic generator (mulberry32), so a failing run can be repeated with its seed. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
