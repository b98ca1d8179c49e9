import { existsSync, readdirSync } from 'node:fs';
import { basename } from 'node:path';
import { FORMS_DIR, readFormFile, VALIDATORS_DIR, withValidator, type Form } from './form';

/** A form that can be submitted to POST form-emails/{key}. */
export interface SubmittableForm extends Form {
  /** The key of the route (flow.target 'form-emails/<key>'). */
  key: string;
}

const TARGET_PREFIX = 'form-emails/';

/**
 * Reads every form whose flow.target is 'form-emails/<key>' and loads its precompiled validator,
 * the same module the browser runs. Fails when a validator is missing or was generated from
 * another version of the schema: `npm run generate` writes them.
 */
export async function loadSubmittableForms(formsDir = FORMS_DIR, validatorsDir = VALIDATORS_DIR): Promise<Map<string, SubmittableForm>> {
  const forms = new Map<string, SubmittableForm>();
  const files = existsSync(formsDir)
    ? readdirSync(formsDir)
        .filter((f) => f.endsWith('.json'))
        .sort()
    : [];
  for (const file of files) {
    const form = readFormFile(basename(file, '.json'), formsDir);
    const target = form?.flow.target;
    if (!form || typeof target !== 'string' || !target.startsWith(TARGET_PREFIX)) continue;
    const key = target.slice(TARGET_PREFIX.length);
    if (forms.has(key)) throw new Error(`forms/${file}: target '${target}' is also the target of forms/${forms.get(key)!.name}.json`);
    forms.set(key, { ...(await withValidator(form, validatorsDir)), key });
  }
  return forms;
}
