import type { PageConfig } from '../generated/config';
import { SectionBoundary } from './SectionBoundary';
import { SectionView } from './Section';

/** Renders a page's sections in order, each inside its own error boundary. */
export function PageRenderer({ page, params }: { page: PageConfig; params: Readonly<Record<string, string | undefined>> }) {
  const merged = { ...page.params, ...definedOnly(params) };
  return (
    <>
      {(page.sections ?? []).map((section, index) => {
        const key = section.id ?? `${index}-${section.type}`;
        return (
          <SectionBoundary key={key} label={`${page.name}/${key}`}>
            <SectionView section={section} params={merged} />
          </SectionBoundary>
        );
      })}
    </>
  );
}

function definedOnly(params: Readonly<Record<string, string | undefined>>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined));
}
