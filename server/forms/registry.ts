import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { hashForSchema, type RJSFSchema } from '@rjsf/utils';
import { ROOT_DIR } from '../context';

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

/** What the form file says about an uploaded file field (uiSchema[field]['ui:options']). */
export interface FileRule {
  field: string;
  /** Lower-case extensions with their dot ('.pdf') and MIME patterns ('image/*') from `accept`; empty: any. */
  extensions: string[];
  mimeTypes: string[];
  maxBytes: number;
  typeMessage: string;
  sizeMessage: string;
}

/** A form that can be submitted to POST form-emails/{key}. */
export interface SubmittableForm {
  /** The key of the route (flow.target 'form-emails/<key>'). */
  key: string;
  /** The form file's name (forms/<name>.json). */
  name: string;
  schema: RJSFSchema;
  validate: ValidateFunction;
  /** Fields uploaded as files (ui:widget 'file'); their value in the data is the file name. */
  files: FileRule[];
  /** Field names in the form's order (ui:order, then the schema's properties). */
  order: string[];
}

/** forms/*.json as `npm run generate` resolves them (the product's names filled in), as the site uses them. */
export const FORMS_DIR = join(ROOT_DIR, 'src', 'generated', 'form-files');
export const VALIDATORS_DIR = join(ROOT_DIR, 'src', 'generated', 'validators');
const TARGET_PREFIX = 'form-emails/';
const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The key rjsf's precompiled validator uses for the root schema (its $id, else its hash). */
function rootKeyOf(schema: RJSFSchema): string {
  return typeof schema.$id === 'string' && schema.$id !== '' ? schema.$id : hashForSchema(schema);
}

function fileRules(schema: Json, uiSchema: Json): FileRule[] {
  const properties = isObject(schema.properties) ? schema.properties : {};
  return Object.keys(properties).flatMap((field) => {
    const ui = uiSchema[field];
    if (!isObject(ui) || ui['ui:widget'] !== 'file') return [];
    const options = isObject(ui['ui:options']) ? ui['ui:options'] : {};
    const accept = typeof options.accept === 'string' ? options.accept.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean) : [];
    const maxBytes = typeof options.maxBytes === 'number' && options.maxBytes > 0 ? Math.floor(options.maxBytes) : DEFAULT_MAX_BYTES;
    return [
      {
        field,
        extensions: accept.filter((a) => a.startsWith('.')),
        mimeTypes: accept.filter((a) => !a.startsWith('.')),
        maxBytes,
        typeMessage: typeof options.typeMessage === 'string' ? options.typeMessage : `Allowed file types: ${accept.join(', ')}`,
        sizeMessage:
          typeof options.sizeMessage === 'string' ? options.sizeMessage : `The file must not be larger than ${Math.round(maxBytes / 1048576)} MB`,
      },
    ];
  });
}

function fieldOrder(schema: Json, uiSchema: Json): string[] {
  const fromUi = Array.isArray(uiSchema['ui:order']) ? uiSchema['ui:order'].filter((f): f is string => typeof f === 'string' && f !== '*') : [];
  const properties = isObject(schema.properties) ? Object.keys(schema.properties) : [];
  return [...new Set([...fromUi, ...properties])];
}

/**
 * Reads every form whose flow.target is 'form-emails/<key>' and loads its precompiled validator,
 * the same module the browser runs. Fails when a validator is missing or was generated from
 * another version of the schema: `npm run generate` writes them.
 */
export async function loadSubmittableForms(formsDir = FORMS_DIR, validatorsDir = VALIDATORS_DIR): Promise<Map<string, SubmittableForm>> {
  const forms = new Map<string, SubmittableForm>();
  const files = existsSync(formsDir) ? readdirSync(formsDir).filter((f) => f.endsWith('.json')).sort() : [];
  for (const file of files) {
    const name = basename(file, '.json');
    const json = JSON.parse(readFileSync(join(formsDir, file), 'utf8')) as unknown;
    if (!isObject(json) || !isObject(json.schema) || !isObject(json.flow)) continue;
    const target = json.flow.target;
    if (typeof target !== 'string' || !target.startsWith(TARGET_PREFIX)) continue;
    const key = target.slice(TARGET_PREFIX.length);
    if (forms.has(key)) throw new Error(`forms/${file}: target '${target}' is also the target of forms/${forms.get(key)!.name}.json`);

    const schema = json.schema as RJSFSchema;
    const uiSchema = isObject(json.uiSchema) ? json.uiSchema : {};
    const modulePath = join(validatorsDir, `${name}.js`);
    if (!existsSync(modulePath)) throw new Error(`${modulePath} is missing: run \`npm run generate\``);
    const mod = (await import(pathToFileURL(modulePath).href)) as { default: Record<string, ValidateFunction>; rootKey: string };
    const expected = rootKeyOf(schema);
    if (mod.rootKey !== expected || typeof mod.default?.[expected] !== 'function') {
      throw new Error(`${modulePath} was generated from another version of forms/${file}: run \`npm run generate\``);
    }
    forms.set(key, { key, name, schema, validate: mod.default[expected], files: fileRules(schema, uiSchema), order: fieldOrder(schema, uiSchema) });
  }
  return forms;
}
