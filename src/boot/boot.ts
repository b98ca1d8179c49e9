/**
 * The boot script: an inline script at the end of the body of a server-rendered page that runs
 * anything (built into a string by `npm run generate`, scripts/lib/generate/boot-scripts.ts, and
 * allowed by its hash in the Content-Security-Policy).
 *
 * It enables the forms, which arrive disabled (`<fieldset data-until-script disabled>`, so that
 * without JavaScript they cannot be sent as plain forms), and runs the page's JavaScript once the
 * whole body is there: after the first frame (at once if input was kept already, or at the first
 * input kept) it starts the fetch of the page's own chunks (the input script's `window.__fetchAhead`)
 * and adds the app's entry as a module script, which runs from the files fetched ahead.
 */
import { BOOT_DATA_ID, EARLY_INPUT_EVENT, UNTIL_SCRIPT_ATTR, type BootData } from './names';

const d = document;
const data = JSON.parse(d.getElementById(BOOT_DATA_ID)!.textContent!) as BootData;
const queue = window.__earlyInput || [];
let started = false;

d.querySelectorAll<HTMLFieldSetElement>(`fieldset[${UNTIL_SCRIPT_ATTR}]`).forEach((fieldset) => {
  fieldset.disabled = false;
});

function start(): void {
  if (started) return;
  started = true;
  window.__fetchAhead?.();
  const script = d.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = data.entry;
  d.head.appendChild(script);
}

d.addEventListener(EARLY_INPUT_EVENT, start);
if (queue.length) start();
else requestAnimationFrame(() => setTimeout(start, 0));
