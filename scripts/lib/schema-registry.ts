import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type Ajv from 'ajv';
import type { ValidateFunction } from 'ajv';
import { compileErrorIssue, createAjv, describeErrors, FORMATS, type SchemaIssue } from './ajv';
import { codeFingerprint, sha1 } from './code-fingerprint';
import { isObject, type JsonFile } from './json-file';
import { PROJECT_PATHS } from './project';
import { unknownFormats, unknownKeywords } from './schema-walk';

/**
 * The project's schema files loaded into Ajv for the QA gate, and their compiled validators.
 *
 * Compiling them is most of the gate's time (about 0.3 s of pages.schema.json, the block schemas
 * and form.schema.json), yet they change far less often than the config and the forms they check.
 * So what a run compiles is kept for the next (<root>/node_modules/.cache/schema-pipeline/
 * validators.json): Ajv's standalone code of every schema file that compiles, what was reported
 * about the schema files themselves, and whether each form's data schema compiles. It is used only
 * when every schema file, the pipeline's code and the installed packages are as they were (the
 * key); else everything is compiled again. A form's data schema is keyed by itself and every
 * form schema compiled before it (they share one Ajv, as they always did), so a changed form costs
 * only the forms' compilation. A run that compiles uses the validators of the same standalone code
 * that a cached run loads: both give the same errors.
 */

/** Where a registry reports problems of the schema files. */
export interface SchemaReporter {
  report(file: string, pointer: string, message: string): void;
  issues(file: string, issues: readonly SchemaIssue[]): void;
}

export interface SchemaRegistry {
  /** The names of the formats Ajv knows. */
  formats: readonly string[];
  /** The compiled validator of a schema file, or undefined when the file does not compile (reported then, once). */
  validator(file: string): ValidateFunction | undefined;
  /** Why a form's data schema (its `schema`) does not compile with the schema files, or undefined when it does. */
  formCompileIssue(file: string, schema: unknown): SchemaIssue | undefined;
  /** Keeps what this run compiled for the next one. */
  save(): void;
}

/** Bumped when the cache's shape changes. */
const CACHE_FORMAT = 1;

type Report = { file: string; pointer: string; message: string } | { file: string; issues: readonly SchemaIssue[] };

interface Cache {
  key: string;
  /** What loading the schema files reported, in order. */
  reports: Report[];
  /** Each schema file that passed its meta-schema: its export in `code`, or why it does not compile. */
  compiled: Record<string, { name: string } | { issue: SchemaIssue }>;
  /** Ajv's standalone code (CommonJS) of those that compile. */
  code: string;
  /** Form data schemas by chained key: undefined (null in JSON) when it compiles. */
  forms: Record<string, SchemaIssue | null>;
}

const require = createRequire(import.meta.url);

const cacheFile = (root: string) => path.join(root, 'node_modules', '.cache', 'schema-pipeline', 'validators.json');

function packageVersion(name: string): string {
  return (require(`${name}/package.json`) as { version: string }).version;
}

function readCache(root: string, key: string): Cache | undefined {
  try {
    const cache = JSON.parse(readFileSync(cacheFile(root), 'utf8')) as Cache;
    return cache.key === key ? cache : undefined;
  } catch {
    return undefined;
  }
}

/** The validators of Ajv's standalone code, by export name. */
function loadCode(code: string): Record<string, ValidateFunction> {
  const module = { exports: {} as Record<string, ValidateFunction> };
  new Function('require', 'module', 'exports', 'formats', code)(require, module, module.exports, FORMATS);
  return module.exports;
}

/** The last registry of this process: the dev server's gate checks the same schema files again and again. */
let last: { key: string; cache: Cache; validators: Record<string, ValidateFunction> } | undefined;

/**
 * Loads every schema file of the project (keyed by file URL, so that a relative $ref between files
 * ('../pages.schema.json#/definitions/Link') resolves as it does for json-schema-to-typescript) and
 * reports what is wrong with each as a schema: draft-07 meta-schema, unknown keywords and formats.
 */
export function loadSchemas(
  root: string,
  reporter: SchemaReporter,
  files: ReadonlyArray<{ file: string; json: JsonFile }>,
): SchemaRegistry {
  const idOf = (file: string) => pathToFileURL(path.join(root, file)).href;
  const key = sha1(
    JSON.stringify([
      CACHE_FORMAT,
      codeFingerprint(),
      ['ajv', 'ajv-formats', 'ajv-errors'].map(packageVersion),
      root,
      files.map(({ file, json }) => [file, json.text]),
    ]),
  );

  let ajv: Ajv | undefined;
  let cache: Cache;
  let validators: Record<string, ValidateFunction>;
  let dirty = false;
  const hit = last?.key === key ? last : undefined;
  const stored = hit ? undefined : readCache(root, key);
  if (hit) ({ cache, validators } = hit);
  else if (stored) {
    cache = stored;
    validators = loadCode(cache.code);
  } else {
    ajv = createAjv();
    const compiled = compileAll(ajv, idOf, files);
    cache = { key, ...compiled, code: compiled.code ?? '', forms: {} };
    if (compiled.code === undefined) {
      // Code Ajv cannot write out standalone: this run uses its validators, the next compiles again.
      const live = ajv;
      validators = Object.fromEntries(
        Object.entries(compiled.compiled).flatMap(([file, entry]) => ('name' in entry ? [[entry.name, live.getSchema(idOf(file))!]] : [])),
      );
    } else {
      validators = loadCode(compiled.code);
      dirty = true;
    }
  }
  last = { key, cache, validators };
  for (const report of cache.reports) {
    if ('issues' in report) reporter.issues(report.file, report.issues);
    else reporter.report(report.file, report.pointer, report.message);
  }

  /** An Ajv holding the schema files, for a form schema the cache does not know. */
  const liveAjv = (): Ajv => {
    if (ajv) return ajv;
    ajv = createAjv();
    addAll(ajv, idOf, files);
    return ajv;
  };
  const reported = new Set<string>();
  // Form schemas are added to one Ajv in turn: each one's outcome depends on those before it.
  let chain = key;
  const formsCompiled: Array<{ id: string; schema: unknown }> = [];
  let formsReplayed = false;
  const formsUsed: Cache['forms'] = {};

  return {
    formats: Object.keys(FORMATS),
    validator(file) {
      const entry = cache.compiled[file];
      if (!entry) return undefined;
      if ('issue' in entry) {
        if (!reported.has(file)) reporter.issues(file, [entry.issue]);
        reported.add(file);
        return undefined;
      }
      return validators[entry.name];
    },
    formCompileIssue(file, schema) {
      const id = `${idOf(file)}#form-data`;
      chain = sha1(`${chain}\n${id}\n${JSON.stringify(schema)}`);
      let outcome = Object.hasOwn(cache.forms, chain) ? cache.forms[chain] : undefined;
      if (outcome === undefined) {
        const live = liveAjv();
        if (!formsReplayed) {
          for (const earlier of formsCompiled) compileForm(live, earlier.id, earlier.schema);
          formsReplayed = true;
        }
        outcome = compileForm(live, id, schema) ?? null;
        dirty = true;
      } else if (formsReplayed) {
        compileForm(liveAjv(), id, schema);
      }
      formsCompiled.push({ id, schema });
      formsUsed[chain] = outcome;
      return outcome ?? undefined;
    },
    save() {
      if (!dirty && Object.keys(formsUsed).length === Object.keys(cache.forms).length) return;
      cache = { ...cache, forms: formsUsed };
      last = { key, cache, validators };
      try {
        const file = cacheFile(root);
        mkdirSync(path.dirname(file), { recursive: true });
        const temporary = `${file}.${process.pid}.tmp`;
        writeFileSync(temporary, JSON.stringify(cache));
        renameSync(temporary, file);
      } catch {
        // A read-only node_modules only costs speed.
      }
    },
  };
}

/** Adds the schema files to Ajv; returns the files added, and reports those that cannot be. */
function addAll(
  ajv: Ajv,
  idOf: (file: string) => string,
  files: ReadonlyArray<{ file: string; json: JsonFile }>,
  report?: (entry: Report) => void,
): Set<string> {
  // pages.schema.json applies the generated union of the block folders to every section (for
  // editors' completion and the types). Here each section's props are checked against its own
  // block's schema instead (validate-project.ts), so that a broken block schema costs only its own
  // sections and each error is reported once, with its block: the union is loaded empty.
  ajv.addSchema({}, idOf(PROJECT_PATHS.sectionsSchema), undefined, false);
  ajv.addSchema({}, idOf(PROJECT_PATHS.presetsSchema), undefined, false);
  const added = new Set<string>();
  for (const { file, json } of files) {
    if (!isObject(json.data) && typeof json.data !== 'boolean') {
      report?.({ file, pointer: '', message: 'a schema must be an object' });
      continue;
    }
    try {
      ajv.addSchema(json.data, idOf(file), undefined, false);
      added.add(file);
    } catch (error) {
      const pointer = isObject(json.data) && '$id' in json.data ? '/$id' : '';
      report?.({ file, pointer, message: `schema cannot be loaded: ${(error as Error).message}` });
    }
  }
  return added;
}

/** Loads and checks the schema files, then compiles each that its meta-schema accepts. */
function compileAll(
  ajv: Ajv,
  idOf: (file: string) => string,
  files: ReadonlyArray<{ file: string; json: JsonFile }>,
): Pick<Cache, 'reports' | 'compiled'> & { code: string | undefined } {
  const reports: Report[] = [];
  const added = addAll(ajv, idOf, files, (entry) => reports.push(entry));
  const valid: Array<{ file: string; json: JsonFile }> = [];
  for (const { file, json } of files) {
    if (!added.has(file)) continue;
    reports.push({ file, issues: unknownKeywords(json.data) });
    reports.push({ file, issues: unknownFormats(json.data, '', Object.keys(ajv.formats)) });
    try {
      if (ajv.validateSchema(json.data as object)) valid.push({ file, json });
      else reports.push({ file, issues: describeErrors(ajv.errors) });
    } catch (error) {
      reports.push({ file, pointer: '/$schema', message: `unsupported $schema: ${(error as Error).message}` });
    }
  }
  const compiled: Cache['compiled'] = {};
  const exports: Record<string, string> = {};
  valid.forEach(({ file, json }, i) => {
    try {
      ajv.getSchema(idOf(file));
      compiled[file] = { name: `v${i}` };
      exports[`v${i}`] = idOf(file);
    } catch (error) {
      compiled[file] = { issue: compileErrorIssue(error, json.data, '') };
    }
  });
  const standaloneCode = (require('ajv/dist/standalone') as typeof import('ajv/dist/standalone')).default;
  let code: string | undefined;
  try {
    code = Object.keys(exports).length > 0 ? standaloneCode(ajv, exports) : '';
  } catch {
    code = undefined;
  }
  return { reports: reports.filter((r) => !('issues' in r) || r.issues.length > 0), compiled, code };
}

/** Compiles a form's data schema in the Ajv of the schema files, as rjsf and the server do. */
function compileForm(ajv: Ajv, id: string, schema: unknown): SchemaIssue | undefined {
  try {
    ajv.addSchema(schema as object, id, undefined, false);
    ajv.getSchema(id);
    return undefined;
  } catch (error) {
    return compileErrorIssue(error, schema, '/schema');
  }
}
