import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { isObject } from '../../domain/guards';
import { ROOT_DIR } from '../context';
import { FORMS_DIR, readFormFile, VALIDATORS_DIR, withValidator, type Form } from './form';

/** Who receives a form's submissions by e-mail (the form file's `mail`, checked by `npm run validate`). */
export interface FormMail {
  to: string[];
  subject: string;
  /** The field with the visitor's e-mail address (the Reply-To). */
  replyTo?: string;
}

/** A form that can be submitted to POST form-emails/{key}. */
export interface SubmittableForm extends Form {
  /** The key of the route (flow.target 'form-emails/<key>'). */
  key: string;
  mail: FormMail;
}

/** The editors' forms (the site's copies leave `mail` out: staff addresses are the server's alone). */
const SOURCE_FORMS_DIR = join(ROOT_DIR, 'forms');

function readFormMail(file: string, sourceDir: string): FormMail {
  const json = JSON.parse(readFileSync(join(sourceDir, file), 'utf8')) as unknown;
  const mail = isObject(json) ? json.mail : undefined;
  const valid =
    isObject(mail) &&
    Array.isArray(mail.to) &&
    mail.to.length > 0 &&
    mail.to.every((to) => typeof to === 'string') &&
    typeof mail.subject === 'string' &&
    (mail.replyTo === undefined || typeof mail.replyTo === 'string');
  if (!valid)
    throw new Error(`forms/${file}: a form sent to form-emails/<key> needs "mail": { "to": [...], "subject": "..." } (npm run validate)`);
  return mail as unknown as FormMail;
}

const TARGET_PREFIX = 'form-emails/';

/**
 * Reads every form whose flow.target is 'form-emails/<key>', its recipients (`mail`, from forms/) and its precompiled validator,
 * the same module the browser runs. Fails when a validator is missing or was generated from
 * another version of the schema: `npm run generate` writes them.
 */
export async function loadSubmittableForms(
  formsDir = FORMS_DIR,
  validatorsDir = VALIDATORS_DIR,
  sourceDir = SOURCE_FORMS_DIR,
): Promise<Map<string, SubmittableForm>> {
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
    forms.set(key, { ...(await withValidator(form, validatorsDir)), key, mail: readFormMail(file, sourceDir) });
  }
  return forms;
}
