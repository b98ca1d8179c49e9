import { REFRESH_MESSAGE } from '../../domain/preview-messages';

/**
 * The one script a preview page runs (inline, with the answer's CSP nonce): when the studio's page
 * that frames it says the draft changed — a message `{ type: 'preview:refresh' }` from the parent
 * window, from the studio's origin only; any other message is ignored — it fetches its own URL again
 * and brings the body to the new page's in place: only the nodes that differ change, so the scroll
 * position, the images already shown and the focus stay (nothing is focused, nothing navigates). One
 * fetch at a time; messages during one make one more fetch after it. It never touches the page's head, so it never runs a script of the new page.
 */

const SOURCE = `(() => {
  const studio = STUDIO;
  let running = false;
  let wanted = false;
  const same = (a, b) => a.nodeType === b.nodeType && a.nodeName === b.nodeName;
  const morph = (into, from) => {
    if (into.nodeType === 1) {
      for (const { name } of [...into.attributes]) if (!from.hasAttribute(name)) into.removeAttribute(name);
      for (const { name, value } of [...from.attributes]) if (into.getAttribute(name) !== value) into.setAttribute(name, value);
    }
    const next = from.childNodes;
    for (let i = 0; i < next.length; i += 1) {
      const old = into.childNodes[i];
      if (!old) into.appendChild(document.importNode(next[i], true));
      else if (!same(old, next[i])) into.replaceChild(document.importNode(next[i], true), old);
      else if (old.nodeType === 1) morph(old, next[i]);
      else if (old.nodeValue !== next[i].nodeValue) old.nodeValue = next[i].nodeValue;
    }
    while (into.childNodes.length > next.length) into.removeChild(into.lastChild);
  };
  const refresh = async () => {
    running = true;
    while (wanted) {
      wanted = false;
      try {
        const answer = await fetch(location.href, { cache: 'no-store', credentials: 'omit', redirect: 'error' });
        if (!answer.ok) continue;
        const page = new DOMParser().parseFromString(await answer.text(), 'text/html');
        morph(document.body, page.body);
        if (document.title !== page.title) document.title = page.title;
      } catch {
        // The page shown stays; the next change fetches again.
      }
    }
    running = false;
  };
  addEventListener('message', (event) => {
    if (event.origin !== studio || event.source !== parent) return;
    const data = event.data;
    if (!data || data.type !== REFRESH) return;
    wanted = true;
    if (!running) void refresh();
  });
})();`;

/** The script's text for a studio at `studioOrigin` (the only origin whose messages it takes). */
export function liveScript(studioOrigin: string): string {
  const json = (value: string) => JSON.stringify(value).replace(/</g, '\\u003c');
  return SOURCE.replace('STUDIO', json(new URL(studioOrigin).origin)).replace('REFRESH', json(REFRESH_MESSAGE));
}
