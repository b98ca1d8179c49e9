import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readInputs, type NamedInput, type ProjectInputs } from '../project';
import { apiTypes } from './api-types';
import { blockTypes } from './block-types';
import { configTypes } from './config-types';
import { formFiles, productNames } from './form-files';
import { formTypes } from './form-types';
import { blockRegistry } from './registry';
import { sectionTypes } from './sections';
import type { GenerateContext, GenerateStep } from './step';
import { THEME_SOURCE, themeCss } from './theme';
import { pageFiles } from './page-files';
import { formValidators } from './validators';

/** The steps of `npm run generate`, in order. */
export const steps: GenerateStep[] = [
  configTypes,
  blockTypes,
  sectionTypes,
  blockRegistry,
  apiTypes,
  formTypes,
  formFiles,
  formValidators,
  themeCss,
  pageFiles,
];

export interface GenerateResult {
  /** Paths (relative to the root) of every file the steps produced. */
  files: string[];
  /** Those whose content changed and were written. */
  changed: string[];
  warnings: string[];
  /** True when nothing had changed since the last run, so no step ran. */
  cached: boolean;
}

export interface GenerateOptions {
  steps?: readonly GenerateStep[];
  /** Run every step even when the inputs have not changed. */
  force?: boolean;
}

/** Writes a file only when its content differs, so that Vite does not reload for nothing. */
function writeIfChanged(abs: string, content: string): boolean {
  if (existsSync(abs) && readFileSync(abs, 'utf8') === content) return false;
  mkdirSync(path.dirname(abs), { recursive: true });
  writeFileSync(abs, content);
  return true;
}

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

// The generator's own code is part of the cache key: changing a step re-runs it.
const LIB_DIR = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
function codeFingerprint(dir = LIB_DIR): string {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .map((entry) => {
      const abs = path.join(dir, entry.name);
      if (entry.isDirectory()) return codeFingerprint(abs);
      return entry.name.endsWith('.ts') ? `${entry.name}:${sha1(readFileSync(abs, 'utf8'))}` : '';
    })
    .join('\n');
}

/** The theme's source (a TypeScript module, not a JSON input): changing it regenerates the theme's CSS. */
function themeText(root: string): string {
  const file = path.join(root, THEME_SOURCE);
  return existsSync(file) ? readFileSync(file, 'utf8') : '-';
}

function inputsFingerprint(inputs: ProjectInputs): string {
  const text = (read: NamedInput['read'] | undefined) => (read === undefined ? '-' : read.ok ? read.json.text : `!${read.error.message}`);
  const named = (list: NamedInput[]) => list.map((i) => `${i.file}\n${text(i.read)}`).join('\n');
  // Of pages.config.json, which editors change most often, only the product's names count: the
  // form files are filled with them.
  return [
    JSON.stringify(productNames(inputs) ?? null),
    text(inputs.pagesSchema),
    text(inputs.formSchema),
    text(inputs.sources),
    named(inputs.blocks),
    named(inputs.resources),
    named(inputs.forms),
    named(inputs.formFragments),
    named(inputs.otherSchemas),
    themeText(inputs.root),
  ].join('\n\0');
}

interface CacheState {
  key: string;
  outputs: Record<string, string>;
  warnings: string[];
}

function cacheFile(root: string): string {
  return path.join(root, 'node_modules', '.cache', 'schema-pipeline', 'generate.json');
}

function readCache(root: string): CacheState | undefined {
  try {
    return JSON.parse(readFileSync(cacheFile(root), 'utf8')) as CacheState;
  } catch {
    return undefined;
  }
}

/** Whether every output of the last run is still on disk as it was written. */
function outputsIntact(root: string, state: CacheState): boolean {
  return Object.entries(state.outputs).every(([file, hash]) => {
    const abs = path.join(root, file);
    return existsSync(abs) && sha1(readFileSync(abs, 'utf8')) === hash;
  });
}

/**
 * Runs every step on the project in `root` and writes what changed. When neither the inputs nor
 * the generator changed since the last run, and its outputs are untouched, nothing runs at all
 * (json-schema-to-typescript and prettier are the slow part of `npm run validate`).
 */
export async function generate(root: string, options: GenerateOptions = {}): Promise<GenerateResult> {
  const only = options.steps ?? steps;
  const inputs = readInputs(root);
  const warnings: string[] = [];
  // Several steps read the same inputs: each problem is warned about once.
  const ctx: GenerateContext = { root, inputs, warn: (message) => void (warnings.includes(message) || warnings.push(message)) };
  const outputs: Record<string, string> = {};
  const changed: string[] = [];
  const runSteps = async (list: readonly GenerateStep[]) => {
    const written: Record<string, string> = {};
    for (const step of list) {
      for (const file of await step.run(ctx)) {
        written[file.path] = sha1(file.content);
        if (writeIfChanged(path.join(root, file.path), file.content)) changed.push(file.path);
      }
    }
    return written;
  };

  const cachedSteps = only.filter((step) => !step.uncached);
  const runUncached = async () => Object.keys(await runSteps(only.filter((step) => step.uncached)));
  if (cachedSteps.length === 0) return { files: await runUncached(), changed, warnings, cached: false };
  const key = sha1(`${cachedSteps.map((s) => s.name).join(',')}\n${codeFingerprint()}\n${inputsFingerprint(inputs)}`);
  const previous = options.force ? undefined : readCache(root);
  if (previous?.key === key && outputsIntact(root, previous)) {
    const uncachedFiles = await runUncached();
    return {
      files: [...Object.keys(previous.outputs), ...uncachedFiles],
      changed,
      warnings: [...previous.warnings, ...warnings],
      cached: true,
    };
  }
  Object.assign(outputs, await runSteps(cachedSteps));
  const uncachedFiles = await runUncached();
  try {
    writeIfChanged(cacheFile(root), JSON.stringify({ key, outputs, warnings } satisfies CacheState));
  } catch {
    // A read-only node_modules only costs speed.
  }
  return { files: [...Object.keys(outputs), ...uncachedFiles], changed, warnings, cached: false };
}
