import type { PageConfig } from '../generated/config';
import { ABOVE_FOLD_SECTIONS, AboveFold } from '../lib/above-fold';
import { OwnerGate } from './owner';
import { pageParams } from './page-data';
import { SectionBoundary } from './SectionBoundary';
import { SectionView } from './Section';

type Params = Readonly<Record<string, string | undefined>>;

function Sections({ page, params }: { page: PageConfig; params: Params }) {
  return (
    <>
      {(page.sections ?? []).map((section, index) => {
        const key = section.id ?? `${index}-${section.type}`;
        return (
          <AboveFold.Provider key={key} value={index < ABOVE_FOLD_SECTIONS}>
            <SectionBoundary label={`${page.name}/${key}`}>
              <SectionView section={section} params={params} />
            </SectionBoundary>
          </AboveFold.Provider>
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
export function PageRenderer({ page, params }: { page: PageConfig; params: Params }) {
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
