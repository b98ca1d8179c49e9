import { createHash } from 'node:crypto';

/**
 * The one inline script of a server-rendered page. A rendered page reads before any script has run,
 * so its JavaScript is not fetched until the page has painted: after the first frame this script
 * adds the page's module preloads and the app's entry (listed in `<script type="application/json"
 * id="boot">`), which then hydrates. On a phone on a slow network the content paints first and the
 * scripts do not compete with it; forms stay disabled until hydrated. The preloads are added four at
 * a time, a task each (starting a fetch costs main-thread time: ~25 of them in one task made a long
 * task on a phone's CPU). The text never changes (the
 * list is data), so the Content-Security-Policy allows exactly it by its hash (BOOT_SCRIPT_HASH).
 */
export const BOOT_SCRIPT =
  '(function(){var d=document,b=JSON.parse(d.getElementById("boot").textContent);' +
  'function add(e){e.crossOrigin="";d.head.appendChild(e)}' +
  'function go(){var q=b.preload.slice(0);(function next(){q.splice(0,4).forEach(function(h){' +
  'var l=d.createElement("link");l.rel="modulepreload";l.href=h;add(l)});if(q.length)return setTimeout(next,0);' +
  'var s=d.createElement("script");s.type="module";s.src=b.entry;add(s)})()}' +
  'requestAnimationFrame(function(){setTimeout(go,0)})})()';

/** The CSP source that allows BOOT_SCRIPT and no other inline script. */
export const BOOT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;
