import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { formNameOf } from '../../scripts/lib/project';
import type { Product } from '../product';
import { digestOf } from '../kept';
import { builtFormTexts, compileReleaseForm, type CompiledForm, type FormOutcome } from './release-form-compile';
import { FORMS_DIR } from './form';
import { formMailOf, type SubmittableForm } from './registry';

/**
 * The forms of the live content release (docs/studio.md, Forms in a release). A release's
 * forms/<name>.json that differs from the build's (after the product's names are filled in) is
 * compiled on the server when the release becomes live, never per request: submissions are checked
 * with it, server renders show it, and the browser loads its file and validator from this origin
 * (RELEASE_FORMS_PREFIX, content-addressed, cached for good). A form the build has not needs a
 * deploy (formChangesNeedingDeploy): its file is ignored until then.
 */

/** Where the release forms' files and validator modules are served: <prefix><hash>.json / .js. */
export const RELEASE_FORMS_PREFIX = '/release-forms/';
/** Compiled forms kept (by the hash of their text), the oldest dropped first. */
export const KEPT_COMPILES = 50;

/** A changed form as a render uses it (the SSR bundle's ChangedForm). */
export interface RenderForm {
  file: string;
  module: string;
  loaded: CompiledForm['loaded'];
}

/** The forms of one release that differ from the build's. */
export interface LiveFormSet {
  /** For the server's renders (none when no form differs or there is no browser module). */
  render: Record<string, RenderForm> | undefined;
  /** The release's version of a submittable form, when it differs (its target is the build's), else undefined. */
  submittable(built: SubmittableForm): SubmittableForm | undefined;
}

export interface ReleaseForms {
  /** Compiles what release `texts` changes (slow: call when the release becomes live). */
  prepare(texts: Readonly<Record<string, string>>): Promise<LiveFormSet>;
  /** The set in force (`use` switches to a prepared one). */
  current(): LiveFormSet;
  use(set: LiveFormSet): void;
  /** GET <prefix><hash>.js|.json: a kept module or form file. */
  register(app: FastifyInstance): void;
}

export const NO_CHANGES: LiveFormSet = { render: undefined, submittable: () => undefined };

/** The URL of the built validator-runtime chunk, from the build's manifest (undefined without a built site). */
export function runtimeChunkUrl(staticDir: string | undefined): string | undefined {
  const manifest = staticDir ? join(staticDir, '.vite', 'manifest.json') : undefined;
  if (!manifest || !existsSync(manifest)) return undefined;
  const chunks = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, { file?: string }>;
  const file = chunks['src/forms/validator-runtime.ts']?.file;
  return file ? `/${file}` : undefined;
}

/** A form change of a release that only a deploy brings: the build's form is served until then. */
export interface DeployNeed {
  /** The form's name (forms/<name>.json). */
  form: string;
  /** 'added': the build has no such form; 'target': its flow.target (its route) differs from the build's. */
  reason: 'added' | 'target';
}

const flowTarget = (text: string | undefined): unknown => {
  try {
    const json = JSON.parse(text ?? 'null') as { flow?: { target?: unknown } } | null;
    return json?.flow?.target;
  } catch {
    return undefined;
  }
};

/**
 * The forms of release `texts` that need a deploy to be served: a form the build has not ('added'),
 * one whose flow.target differs from the build's ('target': its route is the build's), and one the
 * server cannot use (not JSON, not bundled, no schema, too large). Compiles nothing.
 */
export function formChangesNeedingDeploy(texts: Readonly<Record<string, string>>, formsDir = FORMS_DIR): DeployNeed[] {
  const built = builtFormTexts(formsDir);
  const needs: DeployNeed[] = [];
  for (const path of Object.keys(texts).sort()) {
    const name = formNameOf(path);
    if (name === undefined) continue;
    if (!built.has(name)) needs.push({ form: name, reason: 'added' });
    else if (flowTarget(texts[path]) !== flowTarget(built.get(name))) needs.push({ form: name, reason: 'target' });
  }
  return needs;
}

export function createReleaseForms(options: {
  product: Product;
  staticDir?: string;
  log: { warn: (details: object, message: string) => void };
  formsDir?: string;
  root?: string;
}): ReleaseForms {
  const built = builtFormTexts(options.formsDir);
  const runtimeUrl = runtimeChunkUrl(options.staticDir);
  /** Outcomes by the hash of the form's name and text; served files by their own hash. */
  const outcomes = new Map<string, FormOutcome>();
  const served = new Map<string, { type: string; body: string }>();
  let live = NO_CHANGES;

  const keep = (key: string, outcome: FormOutcome) => {
    outcomes.set(key, outcome);
    if (outcomes.size <= KEPT_COMPILES) return;
    const [oldest, dropped] = outcomes.entries().next().value as [string, FormOutcome];
    outcomes.delete(oldest);
    if (dropped.kind === 'changed') {
      served.delete(digestOf(dropped.compiled.fileText));
      if (dropped.compiled.moduleText) served.delete(digestOf(dropped.compiled.moduleText));
    }
  };

  async function outcomeOf(name: string, texts: Readonly<Record<string, string>>): Promise<FormOutcome> {
    const key = digestOf(`${name}\n${texts[`forms/${name}.json`]}`);
    const known = outcomes.get(key);
    if (known) {
      // Used again: the newest of the kept ones.
      outcomes.delete(key);
      outcomes.set(key, known);
      return known;
    }
    const outcome = await compileReleaseForm(name, texts, built.get(name)!, { product: options.product, runtimeUrl, root: options.root });
    if (outcome.kind === 'refused')
      options.log.warn({ form: name, reason: outcome.reason }, "content release: a form file cannot be used; the build's form stays");
    keep(key, outcome);
    return outcome;
  }

  return {
    async prepare(texts) {
      const changed: CompiledForm[] = [];
      for (const path of Object.keys(texts).sort()) {
        const name = formNameOf(path);
        if (name === undefined || !built.has(name)) continue; // added: formChangesNeedingDeploy
        const outcome = await outcomeOf(name, texts);
        if (outcome.kind === 'changed') changed.push(outcome.compiled);
      }
      if (changed.length === 0) return NO_CHANGES;
      const render: Record<string, RenderForm> = {};
      for (const compiled of changed) {
        const file = digestOf(compiled.fileText);
        served.set(file, { type: 'application/json; charset=utf-8', body: compiled.fileText });
        if (!compiled.moduleText) continue;
        const module = digestOf(compiled.moduleText);
        served.set(module, { type: 'text/javascript; charset=utf-8', body: compiled.moduleText });
        render[compiled.name] = {
          file: `${RELEASE_FORMS_PREFIX}${file}.json`,
          module: `${RELEASE_FORMS_PREFIX}${module}.js`,
          loaded: compiled.loaded,
        };
      }
      const byName = new Map(changed.map((compiled) => [compiled.name, compiled]));
      return {
        render: Object.keys(render).length > 0 ? render : undefined,
        submittable(form) {
          const compiled = byName.get(form.name);
          if (!compiled) return undefined;
          return { ...compiled.form, key: form.key, mail: formMailOf(compiled.source) ?? form.mail };
        },
      };
    },
    current: () => live,
    use(set) {
      live = set;
    },
    register(app) {
      app.get<{ Params: { file: string } }>(`${RELEASE_FORMS_PREFIX}:file`, async (request, reply) => {
        // Only a kept hash, asked for with its own kind (.js a module, .json a form file).
        const [, hash, kind] = /^([0-9a-f]{32})\.(js|json)$/.exec(request.params.file) ?? [];
        const found = hash ? served.get(hash) : undefined;
        if (!found || (kind === 'js') !== found.type.startsWith('text/javascript')) {
          return reply.code(404).header('cache-control', 'no-store').send({ message: 'No such form file.' });
        }
        return reply
          .header('content-type', found.type)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .send(found.body);
      });
    },
  };
}
