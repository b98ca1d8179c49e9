import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { codeFingerprint, sha1 } from '../code-fingerprint';
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
 * `npm run generate` as a command: runs it, prints each warning (stderr) and how many files it
 * wrote (stdout); false when it failed (the error printed).
 */
export async function generateAndReport(root: string, options: GenerateOptions = {}): Promise<boolean> {
  try {
    const { files, changed, warnings } = await generate(root, options);
    for (const warning of warnings) process.stderr.write(`generate: ${warning}\n`);
    process.stdout.write(`generated ${files.length} files (${changed.length} changed)\n`);
    return true;
  } catch (error) {
    process.stderr.write(`generate: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return false;
  }
}

/**
 * Runs every step on the project in `root` and writes what changed. When neither the inputs nor
 * the generator changed since the last run, and its outputs are untouched, nothing runs at all
 * (json-schema-to-typescript and prettier are the slow part of `npm run validate`).
 */
export async function generate(root: string, options: GenerateOptions = {}): Promise<GenerateResult> {
  const only = options.steps ?? steps;
  const inputs = readInputs(root);
  const key = sha1(`${only.map((s) => s.name).join(',')}\n${codeFingerprint()}\n${inputsFingerprint(inputs)}`);
  const previous = options.force ? undefined : readCache(root);
  if (previous?.key === key && outputsIntact(root, previous)) {
    return { files: Object.keys(previous.outputs), changed: [], warnings: previous.warnings, cached: true };
  }

  const warnings: string[] = [];
  // Several steps read the same inputs: each problem is warned about once.
  const ctx: GenerateContext = { root, inputs, warn: (message) => void (warnings.includes(message) || warnings.push(message)) };
  const outputs: Record<string, string> = {};
  const changed: string[] = [];
  for (const step of only) {
    for (const file of await step.run(ctx)) {
      outputs[file.path] = sha1(file.content);
      if (writeIfChanged(path.join(root, file.path), file.content)) changed.push(file.path);
    }
  }
  try {
    writeIfChanged(cacheFile(root), JSON.stringify({ key, outputs, warnings } satisfies CacheState));
  } catch {
    // A read-only node_modules only costs speed.
  }
  return { files: Object.keys(outputs), changed, warnings, cached: false };
}
