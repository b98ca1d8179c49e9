import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { codeFingerprint, sha1 } from '../code-fingerprint';
import { readInputs, type NamedInput, type ProjectInputs } from '../project';
import { apiTypes } from './api-types';
import { blockTypes } from './block-types';
import { bootScripts, bootSourceText } from './boot-scripts';
import { configTypes } from './config-types';
import { formFiles, productNames } from './form-files';
import { formTypes } from './form-types';
import { blockRegistry } from './registry';
import { sectionTypes } from './sections';
import type { GenerateContext, GenerateStep, InputGroup } from './step';
import { pageFiles } from './page-files';
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
  pageFiles,
  bootScripts,
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

type Group = InputGroup | 'all';

/** A fingerprint of each group of inputs (text as read, or the syntax error). */
function groupFingerprints(inputs: ProjectInputs): Record<Group, string> {
  const text = (read: NamedInput['read'] | undefined) => (read === undefined ? '-' : read.ok ? read.json.text : `!${read.error.message}`);
  const named = (list: NamedInput[]) => list.map((i) => `${i.file}\n${text(i.read)}`).join('\n');
  const schemas = sha1(
    [
      text(inputs.pagesSchema),
      text(inputs.formSchema),
      text(inputs.sources),
      named(inputs.blocks),
      named(inputs.resources),
      named(inputs.otherSchemas),
    ].join('\n\0'),
  );
  // Of pages.config.json, which editors change most often, only the product's names count: the
  // form files are filled with them.
  const forms = sha1([JSON.stringify(productNames(inputs) ?? null), named(inputs.forms), named(inputs.formFragments)].join('\n\0'));
  const theme = sha1(themeText(inputs.root));
  const config = sha1(text(inputs.config));
  const boot = sha1(bootSourceText(inputs.root));
  return { schemas, forms, theme, config, boot, all: `${schemas}${forms}${theme}${config}${boot}` };
}

/** What the last run of a step produced. */
interface StepState {
  /** Its inputs and the generator's code. */
  key: string;
  /** Its files with the hash of their content. */
  outputs: Record<string, string>;
  warnings: string[];
}

interface CacheState {
  steps: Record<string, StepState>;
}

const cacheDir = (root: string) => path.join(root, 'node_modules', '.cache', 'schema-pipeline');
const cacheFile = (root: string) => path.join(cacheDir(root), 'generate.json');

function readCache(root: string): CacheState {
  try {
    const state = JSON.parse(readFileSync(cacheFile(root), 'utf8')) as CacheState;
    if (typeof state.steps === 'object' && state.steps !== null) return state;
  } catch {
    // absent or unreadable: every step runs
  }
  return { steps: {} };
}

/** Whether every output of a step's last run is still on disk as it was written. */
function outputsIntact(root: string, outputs: Record<string, string>): boolean {
  return Object.entries(outputs).every(([file, hash]) => {
    const abs = path.join(root, file);
    return existsSync(abs) && sha1(readFileSync(abs, 'utf8')) === hash;
  });
}

/**
 * A step's memo (GenerateContext.memo): one JSON file per key under the cache folder; those the
 * step did not use in a run are deleted after it.
 */
function stepMemo(root: string, step: string, force: boolean) {
  const dir = path.join(cacheDir(root), 'memo', step.replace(/[^a-z0-9]+/gi, '-'));
  const used = new Set<string>();
  const memo = <T>(key: string, compute: () => T): T => {
    const name = `${sha1(`${codeFingerprint()}\n${key}`)}.json`;
    used.add(name);
    const file = path.join(dir, name);
    if (!force && existsSync(file)) {
      try {
        return JSON.parse(readFileSync(file, 'utf8')) as T;
      } catch {
        // unreadable: computed again
      }
    }
    const value = compute();
    try {
      mkdirSync(dir, { recursive: true });
      writeFileSync(`${file}.${process.pid}.tmp`, JSON.stringify(value));
      renameSync(`${file}.${process.pid}.tmp`, file);
    } catch {
      // A read-only node_modules only costs speed.
    }
    return value;
  };
  const prune = () => {
    if (existsSync(dir)) for (const name of readdirSync(dir)) if (!used.has(name)) rmSync(path.join(dir, name), { force: true });
  };
  return { memo, prune };
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
 * Runs the steps on the project in `root` and writes what changed. A step whose inputs (its `reads`)
 * and the generator's code are unchanged since its last run, and whose outputs are untouched, does
 * not run again (json-schema-to-typescript, prettier and the validators' compilation are the slow
 * part of `npm run validate`): an edit of a form reruns the form steps only, and of those only the
 * changed forms' validators are compiled (memo).
 */
export async function generate(root: string, options: GenerateOptions = {}): Promise<GenerateResult> {
  const only = options.steps ?? steps;
  const inputs = readInputs(root);
  const fingerprints = groupFingerprints(inputs);
  const previous = readCache(root);
  const state: CacheState = { steps: { ...previous.steps } };

  const byStep: string[][] = [];
  const files: string[] = [];
  const changed: string[] = [];
  let ran = false;
  for (const step of only) {
    const key = sha1([step.name, codeFingerprint(), ...(step.reads ?? ['all']).map((group) => fingerprints[group])].join('\n'));
    const last = previous.steps[step.name];
    if (!options.force && last?.key === key && outputsIntact(root, last.outputs)) {
      files.push(...Object.keys(last.outputs));
      byStep.push(last.warnings);
      continue;
    }
    ran = true;
    const warnings: string[] = [];
    const { memo, prune } = stepMemo(root, step.name, options.force === true);
    const ctx: GenerateContext = { root, inputs, warn: (message) => void (warnings.includes(message) || warnings.push(message)), memo };
    const outputs: Record<string, string> = {};
    for (const file of await step.run(ctx)) {
      outputs[file.path] = sha1(file.content);
      files.push(file.path);
      if (writeIfChanged(path.join(root, file.path), file.content)) changed.push(file.path);
    }
    prune();
    state.steps[step.name] = { key, outputs, warnings };
    byStep.push(warnings);
  }
  if (ran) {
    try {
      writeIfChanged(cacheFile(root), JSON.stringify(state));
    } catch {
      // A read-only node_modules only costs speed.
    }
  }
  // Several steps read the same inputs: each problem is warned about once.
  const warnings = [...new Set(byStep.flat())];
  return { files, changed, warnings, cached: !ran };
}
