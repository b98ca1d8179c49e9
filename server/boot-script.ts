import { createHash } from 'node:crypto';

/**
 * The two inline scripts of a server-rendered page that runs anything: INPUT_SCRIPT in the head and
 * BOOT_SCRIPT at the end of the body.
 *
 * INPUT_SCRIPT keeps the visitor's input until the part of the page it goes to runs. It is in the
 * head, so it listens before the first byte of the body has painted: a long page arrives in chunks
 * and shows its first ones while the rest is on its way. The page is usable as HTML from its first
 * paint, but a button's handler exists only once its section has hydrated (src/engine/hydration.ts,
 * which replays what is kept here). A click (a tap, or Enter or Space on a button) or a form's submit
 * in a section that has not hydrated yet is stopped and queued on `window.__earlyInput`, with the
 * section's slot and the element's place in it; so is a field's input, with the field's value, which
 * is not stopped (the text stays in the field, and React is handed it on hydration). A queued input
 * also tells the page (an `early-input` event on document) to hydrate that section first, and
 * BOOT_SCRIPT to load the scripts at once. Links and the buttons that open a popover
 * (`popovertarget`) are left to the browser, never stopped, queued nor replayed: they work as HTML
 * (the link is followed, the popover opens at once). Sections whose HTML is final (`data-hydrate="never"`) are not touched, nor is the input the page replays. Parts
 * already live (`data-live`, #root for the shell) get their input at once, except that nothing
 * overtakes input still queued: while the queue holds anything, a click or a submit in a live part is
 * queued behind it (a form's submit after the text typed into it), and a field's input, left to the
 * live part, brings the value queued for that field up to date (the replay never hands over older
 * text than the visitor has typed since).
 *
 * INPUT_SCRIPT also fetches the page's scripts (the entry, the first-load chunk with React DOM, the
 * router and the engine, then the page's own: its sections, the blocks that run and their forms,
 * listed in that order in `<script type="application/json" id="boot">` before it in the head) once
 * the first contentful paint is reported, or when BOOT_SCRIPT runs the entry, or when it keeps an
 * input, whichever comes first (a busy phone reports the paint only after the entry has run, a
 * second later), four per task: starting a fetch costs main-thread time, and ~25 in one task made a
 * long task on a phone's CPU. No script is requested before the first paint: fetched from the head,
 * even at low priority, the scripts took bandwidth from the paint, and Lighthouse counts every
 * request that finished before the largest paint into LCP (1.8 s against an FCP of 0.9 s).
 *
 * BOOT_SCRIPT, at the end of the body, enables the forms, which arrive disabled (`<fieldset
 * data-until-script disabled>`, so that without JavaScript they cannot be sent as plain forms), and
 * runs the page's JavaScript once the whole body is there: after the first frame (at once if input
 * was kept already, or at the first input kept) it starts the fetch of the page's own chunks (the
 * input script's `window.__fetchAhead`) and adds the app's entry as a module script, which runs from
 * the files fetched ahead.
 *
 * The texts never change (the lists are data), so the Content-Security-Policy allows exactly them by
 * their hashes (INPUT_SCRIPT_HASH, BOOT_SCRIPT_HASH).
 */
export const INPUT_SCRIPT = `(function () {
  var d = document, q = (window.__earlyInput = []);
  function waiting(t, type) {
    var root = d.getElementById("root");
    if (!(t instanceof Element) || !root || !root.contains(t)) return null;
    var slot = t.closest("[data-hydrate]") || root;
    if (slot.getAttribute("data-hydrate") === "never") return null;
    if (!slot.hasAttribute("data-live")) return slot;
    return q.length && type !== "input" ? slot : null;
  }
  function keep(type, e, stop) {
    if (q.replaying) return;
    var t = e.target;
    if (type === "input") q.forEach(function (i) { if (i.target === t && i.type === "input") i.value = t.value; });
    var slot = waiting(t, type);
    if (!slot || (type === "click" && t.closest("a[href], [popovertarget]"))) return;
    if (stop) { e.preventDefault(); e.stopImmediatePropagation(); }
    var path = [];
    for (var n = e.target; n !== slot && n.parentElement; n = n.parentElement) path.unshift([].indexOf.call(n.parentElement.children, n));
    q.push({ type: type, target: e.target, slot: slot, path: path, value: type === "input" ? e.target.value : undefined });
    d.dispatchEvent(new CustomEvent("early-input", { detail: slot }));
  }
  var fetched = false;
  function fetchAhead() {
    var b = d.getElementById("boot");
    if (fetched || !b) return;
    fetched = true;
    b = JSON.parse(b.textContent);
    var list = (b.preload || []).slice(0);
    (function next() {
      list.splice(0, 4).forEach(function (h) { var l = d.createElement("link"); l.rel = "modulepreload"; l.crossOrigin = ""; l.href = h; d.head.appendChild(l); });
      if (list.length) setTimeout(next, 0);
    })();
  }
  d.addEventListener("early-input", fetchAhead);
  window.__fetchAhead = fetchAhead;
  try {
    new PerformanceObserver(function (l, o) {
      if (l.getEntriesByName("first-contentful-paint").length) { o.disconnect(); setTimeout(fetchAhead, 0); }
    }).observe({ type: "paint", buffered: true });
  } catch (e) {
    requestAnimationFrame(function () { setTimeout(fetchAhead, 0); });
  }
  d.addEventListener("click", function (e) { keep("click", e, true); }, true);
  d.addEventListener("submit", function (e) { keep("submit", e, true); }, true);
  d.addEventListener("input", function (e) { keep("input", e, false); }, true);
  d.addEventListener("change", function (e) { keep("input", e, false); }, true);
})();`;

export const BOOT_SCRIPT = `(function () {
  var d = document, b = JSON.parse(d.getElementById("boot").textContent), q = window.__earlyInput || [], started = false;
  d.querySelectorAll("fieldset[data-until-script]").forEach(function (f) { f.disabled = false; });
  function start() {
    if (started) return;
    started = true;
    if (window.__fetchAhead) window.__fetchAhead();
    var s = d.createElement("script");
    s.type = "module"; s.crossOrigin = ""; s.src = b.entry; d.head.appendChild(s);
  }
  d.addEventListener("early-input", start);
  if (q.length) start();
  else requestAnimationFrame(function () { setTimeout(start, 0); });
})();`;

/** The CSP source that allows INPUT_SCRIPT. */
export const INPUT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(INPUT_SCRIPT).digest('base64')}'`;

/** The CSP source that allows BOOT_SCRIPT. */
export const BOOT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;

/**
 * The page's speculation rules: a link the visitor is about to follow (a pointer resting on it, or
 * pressed) is loaded before the click, so that following it is instant although most links of the
 * site's HTML are plain links (a full page load of the cached page). Pages outside /shop/ are
 * prerendered (their scripts run before they show). Pages under /shop/ are only fetched: their
 * scripts act on the visitor's cart and payment (entering a shop clears another shop's cart), which
 * must not happen for a page that is never shown. The API and the payment hand-over are left out.
 */
export const SPECULATION_RULES = JSON.stringify({
  prerender: [
    {
      where: { and: [{ href_matches: '/*' }, { not: { href_matches: '/shop/*' } }, { not: { href_matches: '/api/*' } }] },
      eagerness: 'moderate',
    },
  ],
  prefetch: [{ where: { href_matches: '/shop/*' }, eagerness: 'moderate' }],
});

/** The CSP source that allows SPECULATION_RULES. */
export const SPECULATION_RULES_HASH = `'sha256-${createHash('sha256').update(SPECULATION_RULES).digest('base64')}'`;
