// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOT_SCRIPT, INPUT_SCRIPT } from '../../src/generated/boot-scripts';
import { markLive } from '../../src/engine/hydration';
import { hydrateKind } from '../../src/engine/registry';

/** A page as the server sends it: the shell, a section that runs, one that never does, the boot script's data. */
function serverPage(section: string): void {
  document.documentElement.removeAttribute('data-hydrated');
  document.body.innerHTML =
    '<div id="root">' +
    '<header><button id="shell-button">Menu</button></header>' +
    `<div class="section-slot" data-section="Home/cart" data-hydrate="visible">${section}</div>` +
    '<div class="section-slot" data-section="Home/steps" data-hydrate="never"><button id="static-button">Static</button><a id="static-link" href="#x">x</a></div>' +
    '</div>' +
    '<script type="application/json" id="boot">{"entry":"/assets/entry.js","preload":[]}</script>';
}

const slot = (key: string) => document.querySelector(`[data-section="${key}"]`) as HTMLElement;

/** The listeners the page's scripts added to document, removed after each test (each test is a new page). */
const added: [string, EventListenerOrEventListenerObject, boolean | AddEventListenerOptions | undefined][] = [];

/** Runs an inline script of the page, keeping track of the listeners it adds to document. */
function runScript(script: string): void {
  const add = document.addEventListener.bind(document);
  const spy = vi.spyOn(document, 'addEventListener').mockImplementation((type, listener, options) => {
    added.push([type, listener, options]);
    add(type, listener, options);
  });
  try {
    new Function(script)();
  } finally {
    spy.mockRestore();
  }
}

/** Runs the input script, as the browser does in the head. */
function runInputScript(): void {
  runScript(INPUT_SCRIPT);
}

/** Runs the input script, then the boot script as the browser does at the end of the body (its loader waits for a frame; jsdom has none). */
function runBootScript(): void {
  runInputScript();
  vi.stubGlobal('requestAnimationFrame', () => 0);
  runScript(BOOT_SCRIPT);
}

/** Lets the replay run (markLive waits a task). */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  for (const [type, listener, options] of added.splice(0)) document.removeEventListener(type, listener, options);
  vi.unstubAllGlobals();
  delete window.__earlyInput;
  document.head.querySelectorAll('script[type="module"], link[rel="modulepreload"]').forEach((element) => element.remove());
});

describe('the boot script keeps input for the parts that do not run yet', () => {
  it('stops and queues a click in a section that has not hydrated, and starts loading the scripts at once', () => {
    serverPage('<button id="add">Add to cart</button>');
    runBootScript();
    const wanted = vi.fn();
    document.addEventListener('early-input', wanted);
    const reachedPage = vi.fn();
    document.getElementById('root')!.addEventListener('click', reachedPage);

    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById('add')!.dispatchEvent(click);

    expect(click.defaultPrevented).toBe(true);
    expect(reachedPage).not.toHaveBeenCalled();
    expect(window.__earlyInput).toEqual([
      { type: 'click', target: document.getElementById('add'), slot: slot('Home/cart'), path: [0], value: undefined },
    ]);
    expect(wanted).toHaveBeenCalledTimes(1);
    expect((wanted.mock.calls[0][0] as CustomEvent).detail).toBe(slot('Home/cart'));
    expect(document.head.querySelector('script[type="module"]')?.getAttribute('src')).toBe('/assets/entry.js');
  });

  it('keeps a click that comes before the end of the body, and loads the scripts as soon as the boot script runs', () => {
    // The page's first chunk has painted; the boot script at the end of the body has not arrived.
    serverPage('<button id="add">Add to cart</button>');
    const boot = document.getElementById('boot')!;
    boot.remove();
    runInputScript();
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById('add')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(window.__earlyInput).toHaveLength(1);
    expect(document.head.querySelector('script[type="module"]')).toBeNull();

    // The rest of the page arrives: the scripts load at once, without waiting for a frame.
    document.body.append(boot);
    const frame = vi.fn();
    vi.stubGlobal('requestAnimationFrame', frame);
    runScript(BOOT_SCRIPT);
    expect(document.head.querySelector('script[type="module"]')?.getAttribute('src')).toBe('/assets/entry.js');
    expect(frame).not.toHaveBeenCalled();
  });

  it('queues a click in the shell until it has hydrated, then leaves it to the page', async () => {
    serverPage('');
    runBootScript();
    document.getElementById('shell-button')!.click();
    expect(window.__earlyInput?.map((input) => input.slot.id)).toEqual(['root']);
    markLive(document.getElementById('root'));
    await nextTask();
    expect(window.__earlyInput).toHaveLength(0);
    document.getElementById('shell-button')!.click();
    expect(window.__earlyInput).toHaveLength(0);
  });

  it('leaves alone a section whose HTML is final, a link, a live section, and keeps typed text in its field', async () => {
    serverPage('<input id="name" /><a id="link" href="#plans">Plans</a>');
    runBootScript();
    const staticClick = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById('static-button')!.dispatchEvent(staticClick);
    const linkClick = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById('link')!.dispatchEvent(linkClick);
    expect(staticClick.defaultPrevented || linkClick.defaultPrevented).toBe(false);

    const field = document.getElementById('name') as HTMLInputElement;
    field.value = 'Juan';
    field.dispatchEvent(new Event('input', { bubbles: true }));
    expect(field.value).toBe('Juan');
    expect(window.__earlyInput?.map((input) => input.type)).toEqual(['input']);

    markLive(slot('Home/cart'));
    await nextTask();
    expect(window.__earlyInput).toHaveLength(0);
    const liveClick = new MouseEvent('click', { bubbles: true, cancelable: true });
    field.dispatchEvent(liveClick);
    expect(liveClick.defaultPrevented).toBe(false);
    expect(window.__earlyInput).toHaveLength(0);
  });

  it('leaves a click on a button that opens a popover (popovertarget) in a part not live yet to the browser: neither stopped nor queued', () => {
    serverPage('<button id="call" popovertarget="menu"><span id="label">Call</span></button><div id="menu" popover="auto"></div>');
    runBootScript();
    const wanted = vi.fn();
    document.addEventListener('early-input', wanted);
    const reachedPage = vi.fn();
    document.getElementById('root')!.addEventListener('click', reachedPage);

    for (const id of ['call', 'label']) {
      const click = new MouseEvent('click', { bubbles: true, cancelable: true });
      document.getElementById(id)!.dispatchEvent(click);
      expect(click.defaultPrevented).toBe(false);
    }
    expect(reachedPage).toHaveBeenCalledTimes(2);
    expect(window.__earlyInput).toHaveLength(0);
    expect(wanted).not.toHaveBeenCalled();
  });

  it('queues a click in a part that runs while input kept before it still waits: the click does not overtake it', () => {
    serverPage('<input id="name" /><button id="send">Send</button>');
    runBootScript();
    const field = document.getElementById('name') as HTMLInputElement;
    field.value = 'Juan';
    field.dispatchEvent(new Event('input', { bubbles: true }));
    // The section is live, but the text typed before is not in its state yet (the replay waits a task).
    slot('Home/cart').setAttribute('data-live', '');
    const reachedPage = vi.fn();
    document.getElementById('root')!.addEventListener('click', reachedPage);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById('send')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(reachedPage).not.toHaveBeenCalled();
    expect(window.__earlyInput?.map((input) => input.type)).toEqual(['input', 'click']);
  });

  it('leaves text typed into a live field to the page, and hands over that text for the field rather than what was kept before', () => {
    serverPage('<input id="name" />');
    runBootScript();
    const field = document.getElementById('name') as HTMLInputElement;
    field.value = 'Ju';
    field.dispatchEvent(new Event('input', { bubbles: true }));
    slot('Home/cart').setAttribute('data-live', '');
    field.value = 'Juan';
    field.dispatchEvent(new Event('input', { bubbles: true }));
    expect(window.__earlyInput?.map((input) => [input.type, input.value])).toEqual([['input', 'Juan']]);
  });

  it('stops a form submitted before its section runs (it would post the page to itself)', () => {
    serverPage('<form id="form"><input name="q" /></form>');
    runBootScript();
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    document.getElementById('form')!.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(window.__earlyInput?.map((input) => input.type)).toEqual(['submit']);
  });
});

describe('replay once a section is live', () => {
  it('holds an input back until every input before it was replayed, whatever part goes live first', async () => {
    serverPage('<button id="add">Add</button>');
    runBootScript();
    const order: string[] = [];
    document.getElementById('add')!.click();
    document.getElementById('shell-button')!.click();
    document.getElementById('root')!.addEventListener('click', (event) => order.push((event.target as Element).id));

    markLive(document.getElementById('root'));
    await nextTask();
    expect(order).toEqual([]);

    markLive(slot('Home/cart'));
    await nextTask();
    await nextTask();
    expect(order).toEqual(['add', 'shell-button']);
  });
});

describe('replay on a page with a part that sets it up', () => {
  it('replays nothing before a part that sets up the page (the shop scope, x-hydrate first) has run', async () => {
    serverPage('<button id="add">Add</button>');
    // A merchant page's shop scope: it renders nothing, and entering a shop may empty the cart.
    slot('Home/cart').insertAdjacentHTML('beforebegin', '<div class="section-slot" data-section="Home/scope" data-hydrate="first"></div>');
    runBootScript();
    const order: string[] = [];
    document.getElementById('root')!.addEventListener('click', (event) => order.push((event.target as Element).id));
    document.getElementById('add')!.click();

    markLive(document.getElementById('root'));
    markLive(slot('Home/cart'));
    await nextTask();
    await nextTask();
    expect(order).toEqual([]);

    markLive(slot('Home/scope'));
    await nextTask();
    expect(order).toEqual(['add']);
  });
  it('keeps a click in a section that ran before the part that sets up the page, and replays it after that part', async () => {
    serverPage('<button id="add">Add</button>');
    slot('Home/cart').insertAdjacentHTML('beforebegin', '<div class="section-slot" data-section="Home/scope" data-hydrate="first"></div>');
    runBootScript();
    const order: string[] = [];
    document.getElementById('root')!.addEventListener('click', (event) => order.push((event.target as Element).id));
    markLive(document.getElementById('root'));
    markLive(slot('Home/cart'));
    await nextTask();
    // The cart's section has run, but the scope has not: the cart is not live for input yet.
    expect(slot('Home/cart').hasAttribute('data-live')).toBe(false);
    document.getElementById('add')!.click();
    expect(window.__earlyInput).toHaveLength(1);
    expect(order).toEqual([]);

    markLive(slot('Home/scope'));
    expect(slot('Home/cart').hasAttribute('data-live')).toBe(true);
    await nextTask();
    await nextTask();
    expect(order).toEqual(['add']);
  });
});

describe('replay when a part is gone', () => {
  it('drops input kept for a part no longer on the page, and replays what came after it', async () => {
    serverPage('<button id="add">Add</button>');
    runBootScript();
    document.getElementById('add')!.click();
    markLive(document.getElementById('root'));
    await nextTask();
    // The visitor went on to another page before the section ran: its slot is gone.
    slot('Home/cart').remove();
    const order: string[] = [];
    document.getElementById('root')!.addEventListener('click', (event) => order.push((event.target as Element).id));
    document.getElementById('shell-button')!.click();
    expect(order).toEqual([]);
    await nextTask();
    expect(order).toEqual(['shell-button']);
    expect(window.__earlyInput).toHaveLength(0);
  });
});

describe('replay into a part React rendered anew', () => {
  it('clicks the element at the same place when the one clicked was replaced', async () => {
    serverPage('<div><button id="old">Add</button></div>');
    runBootScript();
    document.getElementById('old')!.click();
    slot('Home/cart').innerHTML = '<div><button id="new">Add</button></div>';
    const clicked: string[] = [];
    document.getElementById('new')!.addEventListener('click', () => clicked.push('new'));
    markLive(slot('Home/cart'));
    await nextTask();
    expect(clicked).toEqual(['new']);
  });
});

describe('focus before hydration', () => {
  it("gives the control focused before its part ran its focus handler (React's onFocus listens to focusin)", async () => {
    serverPage('<button id="call">Call</button>');
    runBootScript();
    document.getElementById('call')!.focus();
    const focused: string[] = [];
    slot('Home/cart').addEventListener('focusin', (event) => focused.push((event.target as Element).id));
    markLive(slot('Home/cart'));
    await nextTask();
    expect(focused).toEqual(['call']);
  });
});

describe("a block's x-hydrate", () => {
  it('keeps blocks whose HTML is final out of hydration, and lets the others run', () => {
    expect(hydrateKind('steps')).toBe('never');
    expect(hydrateKind('banner')).toBe('never');
    expect(hydrateKind('cart')).toBe('visible');
    expect(hydrateKind('shopScope')).toBe('first');
    expect(hydrateKind('form')).toBe('visible');
    expect(hydrateKind('no-such-block')).toBe('never');
  });
});
