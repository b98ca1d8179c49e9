import { PORT_MESSAGE, REFRESH_MESSAGE } from '../../domain/preview-messages';

/**
 * The one script a preview page runs (inline, with the answer's CSP nonce): when the studio's page
 * that frames it says the draft changed — a message `{ type: 'preview:refresh' }` from the parent
 * window, from the studio's origin only; any other message is ignored — it fetches its own URL again
 * and brings the body to the new page's in place: only the nodes that differ change, so the scroll
 * position, the images already shown and the focus stay (nothing is focused, nothing navigates). One
 * fetch at a time; messages during one make one more fetch after it. It never touches the page's head, so it never runs a script of the new page.
 * A message may name the studio's send it follows (`seq`, a whole number): the fetch asks for the
 * page as of the latest one named (header X-Preview-Seq; route.ts waits for it). The studio may
 * hand it a MessagePort (domain/preview-messages.ts): the refreshes that come on it are taken alike.
 */

const SOURCE = `(() => {
  const studio = STUDIO;
  let running = false;
  let wanted = false;
  let seq = 0;
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
        const headers = seq > 0 ? { 'x-preview-seq': String(seq) } : {};
        const answer = await fetch(location.href, { cache: 'no-store', credentials: 'omit', redirect: 'error', headers });
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
  const take = (data) => {
    if (!data || data.type !== REFRESH) return;
    if (Number.isSafeInteger(data.seq) && data.seq > seq) seq = data.seq;
    wanted = true;
    if (!running) void refresh();
  };
  addEventListener('message', (event) => {
    if (event.origin !== studio || event.source !== parent) return;
    const data = event.data;
    if (data && data.type === PORT && event.ports.length === 1) event.ports[0].onmessage = (message) => take(message.data);
    else take(data);
  });
})();`;

/** The script's text for a studio at `studioOrigin` (the only origin whose messages it takes). */
export function liveScript(studioOrigin: string): string {
  const json = (value: string) => JSON.stringify(value).replace(/</g, '\\u003c');
  return SOURCE.replace('STUDIO', json(new URL(studioOrigin).origin))
    .replace('REFRESH', json(REFRESH_MESSAGE))
    .replace('PORT', json(PORT_MESSAGE));
}
