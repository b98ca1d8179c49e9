import { memo, Suspense, use, useLayoutEffect, type ReactNode } from 'react';
import type { PageConfig } from '../generated/config';
import type { BlockSection } from '../generated/sections';
import { ABOVE_FOLD_SECTIONS, AboveFold } from '../lib/above-fold';
import { useHydrated } from '../lib/hydrated';
import { hydrationAsked, markLive, NEVER, slotOf, wantNow, whenWanted, type HydrateKind } from './hydration';
import { tracked } from './react-internals';
import { OwnerGate } from './owner';
import { pageParams } from './page-data';
import { hydrateKind, isBlockType, loadedBlock, loadSection } from './registry';
import { SectionBoundary } from './SectionBoundary';
import { BlockSkeleton, SectionView } from './Section';
import type { RouteParams } from '../lib/route-params';

/** The load of a section's chunk and preload, one per section object (React's `use` needs the same promise). */
const loads = new WeakMap<BlockSection, Promise<void>>();

function loadOnce(section: BlockSection, after?: Promise<void>): Promise<void> {
  let load = loads.get(section);
  if (!load) {
    load = tracked((after ?? Promise.resolve()).then(() => loadSection(section)));
    loads.set(section, load);
  }
  return load;
}

/**
 * What a section waits for before it renders in the browser (engine/hydration.ts): hydrating, a
 * 'never' section waits forever (React keeps its server HTML) and another one until it is wanted and
 * its chunk is in; a client render waits for the chunk only when the route has not loaded it.
 */
function SectionGate({ section, params, slot, kind }: { section: BlockSection; params: RouteParams; slot: string; kind: HydrateKind }) {
  const hydrating = !useHydrated();
  if (!import.meta.env.SSR) {
    if (hydrating && hydrationAsked()) {
      // An update reached the section before it hydrated: it hydrates now (hydration.ts).
      const wanted = whenWanted(slot);
      wantNow(slot);
      use(loadOnce(section, wanted));
    } else if (hydrating) use(kind === 'never' ? NEVER : loadOnce(section, whenWanted(slot)));
    else if (isBlockType(section.type) && !loadedBlock(section.type)) use(loadOnce(section));
  }
  return (
    <>
      <SectionView section={section} params={params} />
      <Live slot={slot} />
    </>
  );
}

/** Marks the section's slot live once its handlers are attached, and replays the input kept for it. */
function Live({ slot }: { slot: string }): ReactNode {
  useLayoutEffect(() => markLive(slotOf(slot)), [slot]);
  return null;
}

/**
 * A part of the shell whose server HTML is final (the footer): never hydrated, rendered by the browser
 * only when it renders the page itself (a client navigation, or `npm run dev`).
 */
export function StaticPart({ children }: { children: ReactNode }) {
  return (
    <div className="section-slot" data-hydrate="never">
      <Suspense fallback={null}>
        <NeverWhileHydrating>{children}</NeverWhileHydrating>
      </Suspense>
    </div>
  );
}

function NeverWhileHydrating({ children }: { children: ReactNode }): ReactNode {
  const hydrating = !useHydrated();
  // Its code is the shell's: once an update reaches it after the first pass, it hydrates at once.
  if (!import.meta.env.SSR && hydrating && !hydrationAsked()) use(NEVER);
  return children;
}

function sameParams(a: RouteParams, b: RouteParams): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/**
 * One section in its slot: a `display: contents` element the boot script and the hydration code find
 * it by, and a Suspense boundary React hydrates on its own. Memoised on the section and its params: a
 * re-render of the page (a hash link, a search parameter) must not reach a boundary that has not
 * hydrated, which React would then render anew in the browser.
 */
const SectionSlot = memo(
  function SectionSlot({
    section,
    params,
    slot,
    aboveFold,
  }: {
    section: BlockSection;
    params: RouteParams;
    slot: string;
    aboveFold: boolean;
  }) {
    const kind = hydrateKind(section.type);
    return (
      <div className="section-slot" data-section={slot} data-hydrate={kind}>
        <AboveFold.Provider value={aboveFold}>
          <Suspense fallback={<BlockSkeleton section={section} />}>
            <SectionBoundary label={slot} slot={slot}>
              <SectionGate section={section} params={params} slot={slot} kind={kind} />
            </SectionBoundary>
          </Suspense>
        </AboveFold.Provider>
      </div>
    );
  },
  (before, after) =>
    before.section === after.section &&
    before.slot === after.slot &&
    before.aboveFold === after.aboveFold &&
    sameParams(before.params, after.params),
);

function Sections({ page, params }: { page: PageConfig; params: RouteParams }) {
  return (
    <>
      {(page.sections ?? []).map((section, index) => {
        const key = section.id ?? `${index}-${section.type}`;
        return (
          <SectionSlot key={key} section={section} params={params} slot={`${page.name}/${key}`} aboveFold={index < ABOVE_FOLD_SECTIONS} />
        );
      })}
    </>
  );
}

/**
 * Renders a page's sections in order, each inside its own error boundary. A page with an `owner`
 * (reseller, merchant, promotion) first resolves it from the slug; its sections then see the
 * owner's id as a route param (e.g. ':reseller_id').
 */
export function PageRenderer({ page, params }: { page: PageConfig; params: RouteParams }) {
  const merged = pageParams(page, params);
  if (page.owner) {
    return (
      <OwnerGate owner={page.owner} params={merged}>
        {(withOwner) => <Sections page={page} params={withOwner} />}
      </OwnerGate>
    );
  }
  return <Sections page={page} params={merged} />;
}
