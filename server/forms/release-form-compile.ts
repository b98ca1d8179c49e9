import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleForm, type ReadJson } from '../../domain/form-bundle';
import { isObject } from '../../domain/guards';
import { resolveFormFile } from '../../scripts/lib/generate/form-files';
import type { Product } from '../product';
import { ROOT_DIR } from '../root';
import { compileFormFile } from './run-validators';
import { FORMS_DIR, formFileOf, type Form, type FormFile, type ValidatorModule } from './form';

/**
 * A content release's forms/<name>.json, resolved as `npm run generate` resolves the build's
 * (domain/form-bundle.ts, then scripts/lib/generate/form-files.ts) and, where the result differs
 * from the build's, compiled with the generate step's own Ajv set-up (validators.ts): into the
 * server's validator (imported in this process) and the browser's ES module, whose runtime helpers
 * come from the build's validator-runtime chunk (src/forms/validator-runtime.ts).
 */

/** The longest form file text a release may hold (characters): a larger one is refused, the build's form stays. */
export const MAX_FORM_TEXT = 256 * 1024;
/** A form of a release that differs from the build's, compiled. */
export interface CompiledForm {
  name: string;
  /** The resolved form file, as JSON text (what the browser loads). */
  fileText: string;
  /** The browser's validator module (imports the runtime chunk), or undefined without a built site. */
  moduleText: string | undefined;
  /** The file's JSON and the validator module, as the server's renders use them. */
  loaded: { form: unknown; validators: ValidatorModule };
  /** The form as the server checks a submission with it. */
  form: Form;
  /** The release file's own JSON (its `mail` is read from it). */
  source: unknown;
}

/** Why a release's form file is not used (the build's form stays). */
export type FormRefusal = 'too-large' | 'unreadable' | 'unbundled' | 'no-schema' | 'target' | 'format' | 'pattern' | 'uncompilable';

export type FormOutcome = { kind: 'same' } | { kind: 'changed'; compiled: CompiledForm } | { kind: 'refused'; reason: FormRefusal };

/** The forms the build has, by name: their resolved file as generated (src/generated/form-files). */
export function builtFormTexts(formsDir = FORMS_DIR): Map<string, string> {
  const texts = new Map<string, string>();
  if (!existsSync(formsDir)) return texts;
  for (const file of readdirSync(formsDir)) {
    if (file.endsWith('.json')) texts.set(file.slice(0, -'.json'.length), readFileSync(join(formsDir, file), 'utf8'));
  }
  return texts;
}

/** Reads a project file for the bundle: the release's text where it holds one, else forms/ of the project. */
function reader(texts: Readonly<Record<string, string>>, root: string): ReadJson {
  return (file) => {
    if (!/^forms\/[a-z0-9/_-]+\.json$/i.test(file) || file.split('/').includes('..')) return undefined;
    const text = Object.prototype.hasOwnProperty.call(texts, file) ? texts[file] : undefined;
    const read = text ?? (existsSync(join(root, file)) ? readFileSync(join(root, file), 'utf8') : undefined);
    if (read === undefined) return undefined;
    try {
      return { ok: true, json: { data: JSON.parse(read) as unknown } };
    } catch {
      return { ok: false };
    }
  };
}

/** A release's form file as the site would use it: bundled and with the product's names filled in. */
export interface ResolvedForm {
  kind: 'resolved';
  /** The resolved file's JSON, and as text (what the browser loads). */
  resolved: unknown;
  fileText: string;
  /** Its schema, uiSchema and flow; undefined when it holds no schema. */
  formFile: FormFile | undefined;
  /** The release file's own JSON. */
  own: unknown;
}

/**
 * Form `name` of `texts` (path forms/<name>.json) resolved as `npm run generate` resolves the
 * build's: its fragments from `texts` or the project (domain/form-bundle.ts), then the product's
 * names (form-files.ts). Refused when too large, not JSON or not bundled.
 */
export function resolveReleaseForm(
  name: string,
  texts: Readonly<Record<string, string>>,
  options: { product: Product; root?: string },
): ResolvedForm | { kind: 'refused'; reason: FormRefusal } {
  const path = `forms/${name}.json`;
  const text = texts[path];
  if (text.length > MAX_FORM_TEXT) return { kind: 'refused', reason: 'too-large' };
  const read = reader(texts, options.root ?? ROOT_DIR);
  const own = read(path);
  if (!own?.ok) return { kind: 'refused', reason: 'unreadable' };
  const bundle = bundleForm(path, read);
  if (bundle.issues.length > 0 || !isObject(bundle.data)) return { kind: 'refused', reason: 'unbundled' };
  const resolved = resolveFormFile(bundle.data, options.product);
  return {
    kind: 'resolved',
    resolved,
    fileText: `${JSON.stringify(resolved, null, 2)}\n`,
    formFile: formFileOf(name, resolved),
    own: own.json.data,
  };
}

/**
 * The release's version of form `name` (path forms/<name>.json of `texts`) next to the build's
 * `built` text: the same, refused (why), or changed and compiled. `runtimeUrl`: the built
 * validator-runtime chunk's URL (none: no browser module).
 */
export async function compileReleaseForm(
  name: string,
  texts: Readonly<Record<string, string>>,
  built: string,
  options: { product: Product; runtimeUrl: string | undefined; root?: string },
): Promise<FormOutcome> {
  const found = resolveReleaseForm(name, texts, options);
  if (found.kind === 'refused') return found;
  const { resolved, fileText, own } = found;
  if (fileText === built) return { kind: 'same' };
  const { formFile } = found;
  if (!formFile) return { kind: 'refused', reason: 'no-schema' };
  if (!sameTarget(name, formFile, built)) return { kind: 'refused', reason: 'target' };
  // Run as a function (run-validators.ts), not imported: Node would keep each imported module for good.
  const compiled = compileFormFile(formFile, options.runtimeUrl);
  if ('refused' in compiled) return { kind: 'refused', reason: compiled.refused };
  const { form, validators, moduleText } = compiled;
  return {
    kind: 'changed',
    compiled: { name, fileText, moduleText, loaded: { form: resolved, validators }, form, source: own },
  };
}

/**
 * Whether `formFile` is sent where the build's form `name` (its text `built`) is: the route a form
 * is sent to is the build's (its endpoint is made at the start), so a form with another waits whole.
 */
export function sameTarget(name: string, formFile: FormFile, built: string): boolean {
  return formFile.flow.target === formFileOf(name, JSON.parse(built) as unknown)?.flow.target;
}
