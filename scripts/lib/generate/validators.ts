import { createRequire } from 'node:module';
import path from 'node:path';
import type { RJSFSchema } from '@rjsf/utils';
import type Ajv from 'ajv';
import { isObject } from '../json-file';
import { bundledRead } from '../project';
import { addFormKeywords } from '../ajv-keywords';
import { productNames, resolveFormFile } from './form-files';
import { usableSchema } from './compile-types';
import { header, removeStale, type GeneratedFile, type GenerateStep } from './step';

// rjsf, Ajv and ajv-errors load only when a validator is compiled: a run of `npm run generate`
// that finds nothing changed never needs them.
const require = createRequire(import.meta.url);

/** Where the precompiled validators go, relative to the project root. */
const VALIDATORS_DIR = 'src/generated/validators';

/**
 * The Ajv set-up of the precompiled validators: rjsf's own (createAjvInstance: allErrors; verbose off, below;
 * ajv-formats plus 'data-url' and 'color', as scripts/lib/ajv.ts), with `$data` references, extended
 * with the forms' custom keywords and ajv-errors. ajv-errors goes last: it must see every other keyword.
 */
function extend(ajv: Ajv): Ajv {
  addFormKeywords(ajv);
  (require('ajv-errors') as typeof import('ajv-errors')).default(ajv);
  return ajv;
}

/**
 * The only modules the standalone code may load: Ajv's runtime helpers and the format checks (not
 * `re2`, which needs a native package). src/forms/validator-runtime.ts re-exports each of them for
 * the validators the server compiles for a content release (RUNTIME_HELPERS lists them).
 */
export const RUNTIME_HELPERS = [
  'ajv/dist/runtime/equal',
  'ajv/dist/runtime/parseJson',
  'ajv/dist/runtime/quote',
  'ajv/dist/runtime/timestamp',
  'ajv/dist/runtime/ucs2length',
  'ajv/dist/runtime/uri',
  'ajv/dist/runtime/validation_error',
  'ajv-formats/dist/formats',
] as const;
const ALLOWED_REQUIRE = { test: (specifier: string) => (RUNTIME_HELPERS as readonly string[]).includes(specifier) };
/** What must never reach the browser: a compiler, or code built from strings (CSP without 'unsafe-eval'). */
const FORBIDDEN = [/\bnew Function\b/, /\beval\s*\(/, /ajv\/dist\/(core|compile|ajv)\b/];

export interface EsmValidators {
  /** The ES module's source. */
  code: string;
  /** The keys of the exported map (schema ids, as rjsf's precompiled validator looks them up). */
  keys: string[];
}

/**
 * Turns Ajv's standalone CommonJS output into an ES module whose default export is the map of
 * validator functions. (Ajv's own ESM option fails: its export names are schema hashes, which may
 * start with a digit.) `require(...)` of a runtime helper becomes an `import`, read through a
 * CommonJS interop that works both in Node (a namespace's `default` is `module.exports`) and in
 * bundlers (which expose the exports themselves).
 */
/**
 * Where the ES module takes the runtime helpers from: their packages (`<specifier>.js`), or the
 * `modules` map of one module at `runtime` (the built validator-runtime chunk, for a validator
 * compiled by the server).
 */
export type HelperImports = Record<string, never> | { runtime: string };

export function toEsModule(cjs: string, extra: string[] = [], helpers: HelperImports = {}): EsmValidators {
  const entries: Array<[string, string]> = [];
  const EXPORT = /^exports(?:\.([A-Za-z_$][\w$]*)|\[("(?:[^"\\]|\\.)*")\])\s*=\s*([A-Za-z_$][\w$]*);\s*$/;
  const body: string[] = [];
  for (const line of cjs.split('\n')) {
    if (line.trim() === '"use strict";') continue;
    const match = EXPORT.exec(line);
    if (match) {
      entries.push([match[1] ?? (JSON.parse(match[2]) as string), match[3]]);
      continue;
    }
    if (/^\s*(module\.)?exports\b/.test(line)) {
      throw new Error(`unexpected export in Ajv's standalone code: ${line.slice(0, 120)}`);
    }
    body.push(line);
  }
  let code = body.join('\n');

  const modules: string[] = [];
  code = code.replace(/require\(("(?:[^"\\]|\\.)*")\)/g, (_all, quoted: string) => {
    const specifier = JSON.parse(quoted) as string;
    if (!ALLOWED_REQUIRE.test(specifier)) throw new Error(`Ajv's standalone code requires '${specifier}', which is not a runtime helper`);
    let index = modules.indexOf(specifier);
    if (index < 0) index = modules.push(specifier) - 1;
    return `__cjs(__module${index})`;
  });
  if (/\brequire\s*\(/.test(code)) throw new Error("Ajv's standalone code has a require() that could not be converted");
  for (const pattern of FORBIDDEN) {
    if (pattern.test(code)) throw new Error(`Ajv's standalone code contains ${pattern.source}: it would not run under the site's CSP`);
  }
  if (entries.length === 0) throw new Error("Ajv's standalone code exports no validator");

  const imports =
    'runtime' in helpers
      ? modules.length === 0
        ? []
        : [
            `import { modules as __runtime } from ${JSON.stringify(helpers.runtime)};`,
            ...modules.map((specifier, i) => `const __module${i} = __runtime[${JSON.stringify(specifier)}];`),
          ]
      : modules.map((specifier, i) => `import * as __module${i} from ${JSON.stringify(`${specifier}.js`)};`);
  const interop =
    modules.length === 0
      ? []
      : [
          "// CommonJS interop: in Node a namespace's `default` is `module.exports`; bundlers expose the exports.",
          'const __cjs = (ns) => (ns.default && ns.default.__esModule ? ns.default : ns);',
        ];
  const map = entries.map(([key, fn]) => `  ${JSON.stringify(key)}: ${fn},`);
  return {
    code: [...imports, ...interop, code.trim(), '', ...extra, 'export default {', ...map, '};', ''].join('\n'),
    keys: entries.map(([key]) => key),
  };
}

/** The key under which rjsf's precompiled validator looks up the root schema's function. */
function rootKeyOf(schema: RJSFSchema): string {
  const { hashForSchema, ID_KEY } = require('@rjsf/utils') as typeof import('@rjsf/utils');
  const id = (schema as Record<string, unknown>)[ID_KEY];
  return typeof id === 'string' && id !== '' ? id : hashForSchema(schema);
}

/** Ajv's standalone code (CommonJS) of a form's data schema, and the key of its root validator. */
export interface StandaloneValidators {
  cjs: string;
  rootKey: string;
}

/**
 * Compiles one form's data schema with the validators' Ajv set-up (about 50-100 ms): the one compile
 * path of `npm run generate` and of the server's compiles for a content release's forms.
 */
export function compileStandalone(schema: RJSFSchema): StandaloneValidators {
  // $data: a keyword's value may be a reference to other data (`"const": { "$data": "1/email" }`).
  // verbose off: rjsf's default puts each failing keyword's schema and data in its error object,
  // which our messages never read (ajv-errors states them); ~0.5 kB less per form in the browser.
  const { compileSchemaValidatorsCode } =
    require('@rjsf/validator-ajv8/compileSchemaValidators') as typeof import('@rjsf/validator-ajv8/compileSchemaValidators');
  const cjs = compileSchemaValidatorsCode(schema, {
    ajvOptionsOverrides: { allErrors: true, $data: true, verbose: false },
    extenderFn: extend,
  });
  return { cjs, rootKey: rootKeyOf(schema) };
}

/** The ES module of compiled validators (see toEsModule), with `rootKey` exported and checked. */
export function validatorModule({ cjs, rootKey }: StandaloneValidators, helpers: HelperImports = {}): string {
  const { code, keys } = toEsModule(
    cjs,
    [
      "/** The key of the root schema's validator (what createPrecompiledValidator looks up for this form). */",
      `export const rootKey = ${JSON.stringify(rootKey)};`,
      '',
    ],
    helpers,
  );
  if (!keys.includes(rootKey)) throw new Error(`no validator for the root schema (key ${rootKey}) among ${keys.join(', ')}`);
  return code;
}

/** Compiles one form's data schema into the ES module of its precompiled validators. */
export function compileFormValidators(schema: RJSFSchema, from: string): { js: string; dts: string; rootKey: string } {
  const compiled = compileStandalone(schema);
  const { rootKey } = compiled;
  const js = `${header(from)}${validatorModule(compiled)}`;
  const dts = [
    header(from).trimEnd(),
    "import type { ValidatorFunctions } from '@rjsf/validator-ajv8';",
    '',
    '/** The precompiled validator functions of the form, keyed by schema id (for createPrecompiledValidator). */',
    'declare const validators: ValidatorFunctions;',
    'export default validators;',
    "/** The key of the root schema's validator. */",
    `export declare const rootKey: ${JSON.stringify(rootKey)};`,
    '',
  ].join('\n');
  return { js, dts, rootKey };
}

/** Formats that Ajv's standalone code can load (ajv-formats' own); rjsf's regex formats cannot be. */
export function unsupportedFormats(schema: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const item of schema) unsupportedFormats(item, found);
  else if (isObject(schema)) {
    if (typeof schema.format === 'string' && ['data-url', 'color'].includes(schema.format)) found.add(schema.format);
    for (const value of Object.values(schema)) unsupportedFormats(value, found);
  }
  return found;
}

/**
 * src/generated/validators/<form>.js (+ .d.ts): each form's precompiled validators, an ES module
 * that imports only Ajv's runtime helpers (no compiler, no `new Function`), so the site runs under
 * a CSP without 'unsafe-eval' and the reference server validates with the very same code; and
 * index.ts, `formValidators`, a dynamic import per form (each form's validator is its own chunk).
 */
export const formValidators: GenerateStep = {
  name: 'form validators',
  reads: ['forms', 'schemas'],
  async run(ctx) {
    const files: GeneratedFile[] = [];
    const names: string[] = [];
    const product = productNames(ctx.inputs);
    for (const input of ctx.inputs.forms) {
      if (!input.read?.ok || input.bundle?.issues.length) continue; // form types/files warn about it
      const file = usableSchema(ctx, input.file, bundledRead(input));
      if (!file || !isObject(file.schema)) continue;
      // The schema as the site and the server use it (src/generated/form-files: product names filled).
      const schema = resolveFormFile(file.schema, product) as RJSFSchema;
      const formats = [...unsupportedFormats(schema)];
      if (formats.length > 0) {
        ctx.warn(`${input.file}: no precompiled validator, format ${formats.join(', ')} cannot be precompiled`);
        continue;
      }
      try {
        // Compiling takes about 50 ms a form: a form whose schema did not change reuses its last result.
        const { js, dts } = ctx.memo(`${input.file}\n${JSON.stringify(schema)}`, () => compileFormValidators(schema, input.file));
        files.push({ path: `${VALIDATORS_DIR}/${input.name}.js`, content: js });
        files.push({ path: `${VALIDATORS_DIR}/${input.name}.d.ts`, content: dts });
        names.push(input.name);
      } catch (error) {
        ctx.warn(`${input.file}: no precompiled validator, the schema does not compile (${(error as Error).message})`);
      }
    }
    files.push({ path: `${VALIDATORS_DIR}/index.ts`, content: indexModule(names) });
    removeStale(ctx.root, VALIDATORS_DIR, new Set(files.map((f) => path.basename(f.path))), /\.(js|d\.ts|ts)$/);
    return files;
  },
};

function indexModule(names: readonly string[]): string {
  const entries = names.map((name) => `  ${JSON.stringify(name)}: () => import(${JSON.stringify(`./${name}.js`)}),`);
  return [
    header('forms/*.json'),
    "import type { ValidatorFunctions } from '@rjsf/validator-ajv8';",
    "import type { FormName } from '../forms';",
    '',
    "/** A form's precompiled validator module: the map for createPrecompiledValidator and its root key. */",
    'export interface FormValidatorModule {',
    '  default: ValidatorFunctions;',
    '  rootKey: string;',
    '}',
    '',
    "/** Each form's precompiled validator, loaded on demand: one chunk per form. */",
    'export const formValidators: Record<FormName, () => Promise<FormValidatorModule>> = {',
    ...entries,
    '};',
    '',
  ].join('\n');
}
