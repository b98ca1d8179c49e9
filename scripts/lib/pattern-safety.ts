import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SchemaIssue } from './ajv';
import { escapeToken } from '../../domain/json-pointer';
import { walkSchema } from './schema-walk';

/**
 * Super-linear regular expressions in schemas (ReDoS). Every `pattern` of a form runs on what a
 * visitor types, in the browser and on the server's event loop: one that backtracks (the old e-mail
 * pattern `^[^\s@]+@[^\s@]+\.[^\s@]+$` took 1.5 s on 'a@' + 30,000 dots + '@') lets one request
 * stall the server. recheck (npm, automata-based with a fuzzing fallback) decides each pattern;
 * its verdicts are cached by pattern source, so the gate only pays for a pattern it has not seen.
 */

/** Ajv compiles every pattern with the 'u' flag (its unicodeRegExp option), so the check does too. */
const PATTERN_FLAGS = 'u';

/** What the gate keeps of recheck's diagnostics. */
export type PatternVerdict =
  { status: 'safe' } | { status: 'vulnerable'; complexity: string; attack: string } | { status: 'unknown'; reason: string };

/** Where a pattern sits in a schema file. */
export interface PatternAt {
  pointer: string;
  source: string;
  /** 'key' for a patternProperties key (the position is the key itself). */
  at: 'value' | 'key';
}

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CACHE_FILE = path.join(REPO, 'node_modules/.cache/recheck/verdicts.json');
const require = createRequire(import.meta.url);

type Recheck = typeof import('recheck');
let recheck: Recheck | undefined;
/** recheck's Scala.js bundle takes a moment to load: only when a pattern is not in the cache. */
const loadRecheck = (): Recheck => (recheck ??= require('recheck') as Recheck);
const recheckVersion = (): string => (require('recheck/package.json') as { version: string }).version;

interface Cache {
  version: string;
  verdicts: Record<string, PatternVerdict>;
}

function readCache(version: string): Cache {
  try {
    const cache = JSON.parse(readFileSync(CACHE_FILE, 'utf8')) as Cache;
    if (cache.version === version && typeof cache.verdicts === 'object' && cache.verdicts !== null) return cache;
  } catch {
    // absent or unreadable: start afresh
  }
  return { version, verdicts: {} };
}

function writeCache(cache: Cache): void {
  try {
    mkdirSync(path.dirname(CACHE_FILE), { recursive: true });
    const tmp = `${CACHE_FILE}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(cache));
    renameSync(tmp, CACHE_FILE);
  } catch {
    // a read-only node_modules only costs the next run the same checks
  }
}

/** recheck's attack string shape ("'a@' + '.'.repeat(38730) + '@'"), each quoted piece cut to a readable length. */
export function shortAttack(pattern: string, maxPiece = 24): string {
  return pattern.replace(/'((?:[^'\\]|\\.)*)'/g, (all, body: string) => (body.length > maxPiece ? `'${body.slice(0, maxPiece)}…'` : all));
}

function verdictOf(source: string): PatternVerdict {
  const result = loadRecheck().checkSync(source, PATTERN_FLAGS);
  switch (result.status) {
    case 'safe':
      return { status: 'safe' };
    case 'vulnerable':
      return { status: 'vulnerable', complexity: result.complexity.summary, attack: shortAttack(result.attack.pattern) };
    default: {
      const { error } = result;
      return { status: 'unknown', reason: 'message' in error ? `${error.kind}: ${error.message}` : error.kind };
    }
  }
}

/**
 * recheck's verdict on each pattern source (flags 'u'), from the cache in node_modules/.cache/recheck
 * when it has one for this recheck version; new verdicts are added to it (timeouts are not kept).
 */
export function checkPatterns(sources: Iterable<string>): Map<string, PatternVerdict> {
  const unique = [...new Set(sources)];
  const verdicts = new Map<string, PatternVerdict>();
  if (unique.length === 0) return verdicts;
  const cache = readCache(recheckVersion());
  let changed = false;
  for (const source of unique) {
    const key = `${PATTERN_FLAGS}/${source}`;
    let verdict = cache.verdicts[key];
    if (!verdict) {
      verdict = verdictOf(source);
      if (verdict.status !== 'unknown' || !verdict.reason.startsWith('timeout')) {
        cache.verdicts[key] = verdict;
        changed = true;
      }
    }
    verdicts.set(source, verdict);
  }
  if (changed) writeCache(cache);
  return verdicts;
}

/** Every regular expression of a schema: `pattern` values and `patternProperties` keys, at any depth. */
export function patternsOf(schema: unknown, rootPointer = ''): PatternAt[] {
  const found: PatternAt[] = [];
  walkSchema(schema, rootPointer, ({ schema: node, pointer }) => {
    if (typeof node.pattern === 'string') found.push({ pointer: `${pointer}/pattern`, source: node.pattern, at: 'value' });
    const keys = node.patternProperties;
    if (typeof keys === 'object' && keys !== null && !Array.isArray(keys)) {
      for (const key of Object.keys(keys))
        found.push({ pointer: `${pointer}/patternProperties/${escapeToken(key)}`, source: key, at: 'key' });
    }
  });
  return found;
}

/** Whether `source` compiles as Ajv compiles it; an invalid pattern is reported by the schema checks. */
function compiles(source: string): boolean {
  try {
    new RegExp(source, PATTERN_FLAGS);
    return true;
  } catch {
    return false;
  }
}

/** The issue of a pattern that recheck finds super-linear or cannot prove linear; undefined when it is safe. */
export function patternIssue(found: PatternAt, verdict: PatternVerdict | undefined): SchemaIssue | undefined {
  if (!verdict || verdict.status === 'safe') return undefined;
  const { pointer, at } = found;
  if (verdict.status === 'vulnerable') {
    return {
      pointer,
      at,
      message:
        `pattern takes super-linear time (${verdict.complexity}) on an attack string like ${verdict.attack}: ` +
        'rewrite it so that each character can be matched in one way only (recheck)',
    };
  }
  return { pointer, at, message: `pattern could not be proven to run in linear time (recheck: ${verdict.reason})` };
}

/**
 * The super-linear patterns among those found in several files: one recheck pass (and one cache
 * read) for the whole project, issues returned per file.
 */
export function superLinearPatterns(files: ReadonlyArray<{ file: string; patterns: PatternAt[] }>): Map<string, SchemaIssue[]> {
  const sources = files.flatMap(({ patterns }) => patterns.map((p) => p.source)).filter(compiles);
  const verdicts = checkPatterns(sources);
  const issues = new Map<string, SchemaIssue[]>();
  for (const { file, patterns } of files) {
    const list = patterns.flatMap((found) => patternIssue(found, verdicts.get(found.source)) ?? []);
    if (list.length > 0) issues.set(file, list);
  }
  return issues;
}
