// @vitest-environment jsdom
import { Component, Suspense, use, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inDeferredHydrationPass, setFieldValue, tracked } from '../../src/engine/react-internals';

/**
 * What the engine relies on of React beyond its documented API (src/engine/react-internals.ts),
 * checked against the installed React: an upgrade that changes one of them fails here. The renders
 * run on React's own scheduler, as in a browser (not inside act(), which has a queue of its own).
 */

const roots: Root[] = [];
afterEach(() => {
  roots.splice(0).forEach((root) => root.unmount());
  document.body.innerHTML = '';
});

/** A container with the server's HTML of `element`, in the document. */
function serverHtml(element: ReactNode): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(element);
  document.body.append(container);
  return container;
}

/** Waits for React's scheduler (a few tasks) until `done` holds. */
async function until(done: () => boolean): Promise<void> {
  const deadline = Date.now() + 2000;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(done()).toBe(true);
}

describe("a field's value handed to React (setFieldValue)", () => {
  function NameField({ onChange }: { onChange: (value: string) => void }) {
    const [name, setName] = useState('');
    return (
      <input
        aria-label="Name"
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          onChange(event.target.value);
        }}
      />
    );
  }

  it("calls a hydrated controlled field's onChange with the text typed before hydration, which the field already shows", async () => {
    const container = serverHtml(<NameField onChange={() => {}} />);
    const field = container.querySelector('input')!;
    // Typed before the scripts ran: React takes this value as the field's own when it hydrates.
    field.value = 'Juan';
    const onChange = vi.fn();
    roots.push(hydrateRoot(container, <NameField onChange={onChange} />));
    await until(() => container.querySelector('input') === field && Object.keys(field).some((key) => key.startsWith('__reactProps')));

    // What the replay would do without the adapter: React sees no change and its state stays empty.
    field.dispatchEvent(new Event('input', { bubbles: true }));
    expect(onChange).not.toHaveBeenCalled();

    flushSync(() => setFieldValue(field, 'Juan'));
    expect(onChange).toHaveBeenCalledWith('Juan');
    expect(field.value).toBe('Juan');
  });

  it('hands over an empty value and a picked option', () => {
    const onChange = vi.fn();
    function Plan() {
      const [plan, setPlan] = useState('solo');
      return (
        <select aria-label="Plan" value={plan} onChange={(event) => (setPlan(event.target.value), onChange(event.target.value))}>
          <option value="solo">Solo</option>
          <option value="family">Family</option>
        </select>
      );
    }
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    roots.push(root);
    flushSync(() => root.render(<Plan />));
    flushSync(() => setFieldValue(container.querySelector('select')!, 'family'));
    expect(onChange).toHaveBeenLastCalledWith('family');

    const other = document.body.appendChild(document.createElement('div'));
    const otherRoot = createRoot(other);
    roots.push(otherRoot);
    const onName = vi.fn();
    flushSync(() => otherRoot.render(<NameField onChange={onName} />));
    const field = other.querySelector('input')!;
    flushSync(() => setFieldValue(field, 'Ana'));
    flushSync(() => setFieldValue(field, ''));
    expect(onName.mock.calls).toEqual([['Ana'], ['']]);
    expect(field.value).toBe('');
  });
});

describe('a promise marked as it settles (tracked)', () => {
  function page(promise: Promise<string>) {
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    roots.push(root);
    function Reader() {
      return <p>{use(promise)}</p>;
    }
    flushSync(() =>
      root.render(
        <Suspense fallback={<p>loading</p>}>
          <Reader />
        </Suspense>,
      ),
    );
    return container;
  }

  it('is read by use() in the same render once it has settled, without suspending', async () => {
    const promise = tracked(Promise.resolve('ready'));
    await promise;
    expect(page(promise).textContent).toBe('ready');
    // The same promise unmarked: use() suspends, so the check above means something.
    expect(page(Promise.resolve('ready')).textContent).toBe('loading');
  });

  it("gives use() a failed promise's reason in the same render", async () => {
    const promise: Promise<never> = tracked(Promise.reject(new Error('chunk failed')));
    await promise.catch(() => undefined);
    class Boundary extends Component<{ children: ReactNode }, { error?: Error }> {
      state: { error?: Error } = {};
      static getDerivedStateFromError(error: Error) {
        return { error };
      }
      render() {
        return this.state.error ? <p>{this.state.error.message}</p> : this.props.children;
      }
    }
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container, { onCaughtError: () => {} });
    roots.push(root);
    function Reader() {
      return <p>{use(promise)}</p>;
    }
    flushSync(() =>
      root.render(
        <Boundary>
          <Suspense fallback={<p>loading</p>}>
            <Reader />
          </Suspense>
        </Boundary>,
      ),
    );
    expect(container.textContent).toBe('chunk failed');
  });
});

describe("React's deferred hydration pass (inDeferredHydrationPass)", () => {
  it("is the pass that hydrates a Suspense boundary of the server's HTML; the shell's pass and an update that reaches the boundary are not", async () => {
    const passes: [string, boolean][] = [];
    const never = new Promise<never>(() => {});
    const ready: Promise<void> = tracked(Promise.resolve());
    await ready;
    let setLabel: (label: string) => void = () => {};
    function Part({ label, waits }: { label: string; waits: boolean }) {
      const deferred = inDeferredHydrationPass();
      passes.push([`part ${label}`, deferred]);
      // As the engine's sections do: in the deferred pass, a part waits (for the visitor).
      use(waits && deferred ? never : ready);
      return <p>{label}</p>;
    }
    function Shell({ waits }: { waits: boolean }) {
      const [label, set] = useState('first');
      setLabel = set;
      passes.push(['shell', inDeferredHydrationPass()]);
      return (
        <main>
          <Suspense fallback={null}>
            <Part label={label} waits={waits} />
          </Suspense>
        </main>
      );
    }

    const container = serverHtml(<Shell waits={false} />);
    passes.length = 0;
    roots.push(hydrateRoot(container, <Shell waits={false} />));
    await until(() => passes.some(([who]) => who === 'part first'));
    expect(passes).toEqual([
      ['shell', false],
      ['part first', true],
    ]);

    // A part that waits in its deferred pass hydrates when an update reaches it: the update's pass is not deferred.
    const waiting = serverHtml(<Shell waits />);
    passes.length = 0;
    roots.push(hydrateRoot(waiting, <Shell waits />));
    await until(() => passes.some(([who]) => who === 'part first'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(passes.filter(([who]) => who.startsWith('part'))).toEqual([['part first', true]]);
    setLabel('second');
    await until(() => waiting.textContent === 'second');
    expect(passes.filter(([who]) => who.startsWith('part')).slice(1)).toContainEqual(['part second', false]);
    expect(passes.some(([who, deferred]) => who === 'part second' && deferred)).toBe(false);
  });
});
