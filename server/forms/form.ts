import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { hashForSchema, type RJSFSchema } from '@rjsf/utils';
import { isObject } from '../../domain/guards';
import { ROOT_DIR } from '../root';
import { fileRules, type FileRule } from '../../domain/file-rules';

/**
 * A form file (forms/<name>.json) with its precompiled validator, the module the browser runs
 * (src/generated/validators/<name>.js), so the server and the site give the same messages. Every
 * form the server checks is loaded here: the form-emails forms (registry.ts), the checkouts'
 * billing forms and the key-assignment forms.
 */

/** An Ajv error as the precompiled validators report it (ajv-errors wraps the originals in params.errors). */
export interface ValidationError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown> & { errors?: ValidationError[]; missingProperty?: string };
}

/** A precompiled validator function (src/generated/validators/<form>.js). */
export interface ValidateFunction {
  (data: unknown): boolean;
  errors?: ValidationError[] | null;
}

type Json = Record<string, unknown>;

/** A form file as read, before its validator is loaded. */
export interface FormFile {
  /** The file's name (forms/<name>.json). */
  name: string;
  schema: RJSFSchema;
  uiSchema: Json;
  /** The confirm/send/success flow (flow.target names the endpoint); {} when absent. */
  flow: Json;
  /** Confirmations the browser checks and does not send (the form file's clientOnly): not required when absent. */
  clientOnly: string[];
}

/** A form with its validator, and what the server reads from its UI hints. */
export interface Form extends FormFile {
  validate: ValidateFunction;
  /** Field names in the form's order (ui:order, then the schema's properties). */
  order: string[];
  /** Fields uploaded as files (ui:widget 'file'); their value in the data is the file name. */
  files: FileRule[];
  /** Fields offered from a list rather than a schema enum (ui:options choices): field -> the values. */
  choices: Record<string, unknown[]>;
}

/** forms/*.json as `npm run generate` resolves them (the product's names filled in), as the site uses them. */
export const FORMS_DIR = join(ROOT_DIR, 'src', 'generated', 'form-files');
export const VALIDATORS_DIR = join(ROOT_DIR, 'src', 'generated', 'validators');

/** forms/<name>.json, or undefined when the file holds no form (no schema object). */
export function readFormFile(name: string, formsDir = FORMS_DIR): FormFile | undefined {
  return formFileOf(name, JSON.parse(readFileSync(join(formsDir, `${name}.json`), 'utf8')) as unknown);
}

/** A resolved form file's JSON as a FormFile, or undefined when it holds no form (no schema object). */
export function formFileOf(name: string, json: unknown): FormFile | undefined {
  if (!isObject(json) || !isObject(json.schema)) return undefined;
  const clientOnly = Array.isArray(json.clientOnly) ? json.clientOnly.filter((f): f is string => typeof f === 'string') : [];
  return {
    name,
    schema: json.schema as RJSFSchema,
    uiSchema: isObject(json.uiSchema) ? json.uiSchema : {},
    flow: isObject(json.flow) ? json.flow : {},
    clientOnly,
  };
}

/**
 * The form file with its precompiled validator. Fails when the validator is missing or was
 * generated from another version of the schema: `npm run generate` writes them. `version` names a
 * validator written since the module was first imported (Node keeps a module by its URL).
 */
export async function withValidator(form: FormFile, validatorsDir = VALIDATORS_DIR, version?: string): Promise<Form> {
  const modulePath = join(validatorsDir, `${form.name}.js`);
  if (!existsSync(modulePath)) throw new Error(`${modulePath} is missing: run \`npm run generate\``);
  const url = pathToFileURL(modulePath).href + (version === undefined ? '' : `?v=${encodeURIComponent(version)}`);
  const mod = (await import(url)) as ValidatorModule;
  const loaded = withModule(form, mod);
  if (!loaded) throw new Error(`${modulePath} was generated from another version of forms/${form.name}.json: run \`npm run generate\``);
  return loaded;
}

/** A precompiled validator module: the functions by schema key and the root schema's key. */
export interface ValidatorModule {
  default: Record<string, ValidateFunction>;
  rootKey: string;
}

/** The form with the validator of `mod`, or undefined when `mod` was compiled from another schema. */
export function withModule(form: FormFile, mod: ValidatorModule): Form | undefined {
  const expected = rootKeyOf(form.schema);
  if (mod.rootKey !== expected || typeof mod.default?.[expected] !== 'function') return undefined;
  return {
    ...form,
    validate: mod.default[expected],
    order: fieldOrder(form),
    files: fileRules(form.uiSchema, propertyNames(form.schema)),
    choices: choiceLists(form),
  };
}

/** Loads forms/<name>.json and its validator; fails when the file holds no form or the validator is missing or stale. */
export async function loadForm(name: string, formsDir = FORMS_DIR, validatorsDir = VALIDATORS_DIR): Promise<Form> {
  const form = readFormFile(name, formsDir);
  if (!form) throw new Error(`${join(formsDir, `${name}.json`)} has no schema`);
  return withValidator(form, validatorsDir);
}

/** A text of the form: uiSchema[field]['ui:options'][option], else the fallback. */
export function formOption(form: FormFile, field: string, option: string, fallback: string): string {
  const options = uiOptions(form.uiSchema[field]);
  return typeof options[option] === 'string' ? options[option] : fallback;
}

/** The key rjsf's precompiled validator uses for the root schema (its $id, else its hash). */
function rootKeyOf(schema: RJSFSchema): string {
  return typeof schema.$id === 'string' && schema.$id !== '' ? schema.$id : hashForSchema(schema);
}

const uiOptions = (ui: unknown): Json => (isObject(ui) && isObject(ui['ui:options']) ? ui['ui:options'] : {});
const propertyNames = (schema: RJSFSchema): string[] => (isObject(schema.properties) ? Object.keys(schema.properties) : []);

export function fieldOrder({ schema, uiSchema }: FormFile): string[] {
  const fromUi = Array.isArray(uiSchema['ui:order'])
    ? uiSchema['ui:order'].filter((f): f is string => typeof f === 'string' && f !== '*')
    : [];
  return [...new Set([...fromUi, ...propertyNames(schema)])];
}

function choiceLists({ uiSchema }: FormFile): Record<string, unknown[]> {
  const lists: Record<string, unknown[]> = {};
  for (const [field, ui] of Object.entries(uiSchema)) {
    const { choices } = uiOptions(ui);
    if (Array.isArray(choices)) lists[field] = choices.map((choice: unknown) => (isObject(choice) ? choice.value : choice));
  }
  return lists;
}
