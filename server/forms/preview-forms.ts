import { formNameOf } from '../../scripts/lib/project';
import type { Product } from '../product';
import { kept } from '../kept';
import { builtFormTexts, resolveReleaseForm, sameTarget } from './release-form-compile';
import type { RenderForm } from './release-forms';
import type { VmForms } from './vm-forms';

/**
 * The forms of a preview's draft (the draft's texts over the live release's, the editor's unsaved
 * values over both), as the preview's server render shows them: each forms/<name>.json that
 * differs from the build's, compiled in this process (vm-forms.ts, never imported as a module).
 * A form the site's code does not have yet, or whose flow.target differs from the build's, shows
 * as the build's, as it would once published (release-forms.ts formChangesNeedingDeploy); so does
 * one that cannot be compiled.
 *
 * A preview page runs none of the site's scripts (server/preview/page.ts), so nothing loads the
 * URLs a public page's changed form names: they are left empty.
 */

export interface PreviewForms {
  /** The render's changed forms of `texts`, by name; undefined when none differs from the build's. */
  render(texts: Readonly<Record<string, string>>): Record<string, RenderForm> | undefined;
}

/** Forms worked out, by name and text: a preview renders at each keystroke, and a release holds every form. */
const KEPT_OUTCOMES = 100;

export function createPreviewForms(options: { product: Product; vmForms: VmForms; formsDir?: string; root?: string }): PreviewForms {
  const built = builtFormTexts(options.formsDir);
  // The fragments a form names are the project's (a release holds none), so its name and text decide.
  const outcomes = kept<RenderForm | null>(KEPT_OUTCOMES);

  /** Form `name` of `texts` as a preview renders it, or null where the built form shows. */
  const outcomeOf = (name: string, texts: Readonly<Record<string, string>>, builtText: string): RenderForm | null => {
    const found = resolveReleaseForm(name, texts, options);
    if (found.kind === 'refused' || found.fileText === builtText) return null;
    if (!found.formFile || !sameTarget(name, found.formFile, builtText)) return null;
    const loaded = options.vmForms.load(found);
    if ('refused' in loaded) return null;
    return { file: '', module: '', loaded: { form: found.resolved, validators: loaded.validators } };
  };

  return {
    render(texts) {
      const forms: Record<string, RenderForm> = {};
      for (const path of Object.keys(texts)) {
        const name = formNameOf(path);
        const builtText = name === undefined ? undefined : built.get(name);
        if (name === undefined || builtText === undefined) continue;
        const outcome = outcomes.get(`${name}\n${texts[path]}`, () => outcomeOf(name, texts, builtText));
        if (outcome) forms[name] = outcome;
      }
      return Object.keys(forms).length > 0 ? forms : undefined;
    },
  };
}
