import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { isObject } from '../../domain/guards';
import { ROOT_DIR } from '../root';
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
  const mail = formMailOf(JSON.parse(readFileSync(join(sourceDir, file), 'utf8')) as unknown);
  if (!mail)
    throw new Error(`forms/${file}: a form sent to form-emails/<key> needs "mail": { "to": [...], "subject": "..." } (npm run validate)`);
  return mail;
}

/** The `mail` of a form file's JSON (forms/<name>.json), or undefined when it has none that is usable. */
export function formMailOf(json: unknown): FormMail | undefined {
  const mail = isObject(json) ? json.mail : undefined;
  const valid =
    isObject(mail) &&
    Array.isArray(mail.to) &&
    mail.to.length > 0 &&
    mail.to.every((to) => typeof to === 'string') &&
    typeof mail.subject === 'string' &&
    (mail.replyTo === undefined || typeof mail.replyTo === 'string');
  return valid ? (mail as unknown as FormMail) : undefined;
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
    const form = await readSubmittableForm(basename(file, '.json'), { formsDir, validatorsDir, sourceDir });
    if (!form) continue;
    if (forms.has(form.key)) {
      throw new Error(`forms/${file}: target '${TARGET_PREFIX}${form.key}' is also the target of forms/${forms.get(form.key)!.name}.json`);
    }
    forms.set(form.key, form);
  }
  return forms;
}

interface FormDirs {
  formsDir: string;
  validatorsDir: string;
  sourceDir: string;
}

/** forms/<name>.json with its validator and recipients, or undefined when it is not sent to form-emails/<key>. */
async function readSubmittableForm(name: string, dirs: FormDirs, version?: string): Promise<SubmittableForm | undefined> {
  const form = readFormFile(name, dirs.formsDir);
  const target = form?.flow.target;
  if (!form || typeof target !== 'string' || !target.startsWith(TARGET_PREFIX)) return undefined;
  const key = target.slice(TARGET_PREFIX.length);
  return { ...(await withValidator(form, dirs.validatorsDir, version)), key, mail: readFormMail(`${name}.json`, dirs.sourceDir) };
}

/**
 * The form as its files are now, for a server that runs while forms are edited (demo mode: `npm run
 * dev`, `npm run edit`): when the form file, its generated copy or its validator changed, they are
 * read again. The config gate writes the copy before the validator; until the validator of the new
 * schema is written (or while a file is half-written), the last version read stays in force. A form
 * whose target changed keeps its route's key until the server starts again.
 */
export function followForm(
  first: SubmittableForm,
  { formsDir = FORMS_DIR, validatorsDir = VALIDATORS_DIR, sourceDir = SOURCE_FORMS_DIR }: Partial<FormDirs> = {},
): () => Promise<SubmittableForm> {
  const files = [join(formsDir, `${first.name}.json`), join(validatorsDir, `${first.name}.js`), join(sourceDir, `${first.name}.json`)];
  const stamp = () => files.map((file) => statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0).join('-');
  let current = first;
  let read = stamp();
  return async () => {
    const now = stamp();
    if (now === read) return current;
    try {
      const form = await readSubmittableForm(first.name, { formsDir, validatorsDir, sourceDir }, now);
      if (form?.key === first.key) current = form;
      read = now;
    } catch {
      // Not regenerated yet: read again at the next submission.
    }
    return current;
  };
}
