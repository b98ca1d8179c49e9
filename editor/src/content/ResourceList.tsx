import { Badge, CounterBadge } from '@fluentui/react-components';
import type { ContentFileValue, ContentMeta } from '../core/types';
import { useContentListStyles } from './content-list-styles';

/** The resources by group, each group by name. */
function grouped(content: readonly ContentMeta[]): Array<[string, ContentMeta[]]> {
  const order = ['Site content', 'Page banners', 'Testimonials', 'Demo partners and codes'];
  const groups = new Map<string, ContentMeta[]>();
  for (const meta of content) groups.set(meta.group, [...(groups.get(meta.group) ?? []), meta]);
  return [...groups].sort(([a], [b]) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99));
}

/**
 * The content files by their names in words, grouped, each with its number of items, of problems,
 * and a dot while it has unsaved changes; a click chooses one.
 */
export function ResourceList({
  content,
  selected,
  files,
  counts,
  dirty,
  onChoose,
}: {
  content: readonly ContentMeta[];
  selected: ContentMeta;
  files: Record<string, unknown>;
  /** The problems of each file, by path. */
  counts: ReadonlyMap<string, number>;
  dirty: readonly string[];
  onChoose: (meta: ContentMeta) => void;
}) {
  const styles = useContentListStyles();
  return (
    <>
      <h2 className={styles.heading}>Content</h2>
      {grouped(content).map(([group, metas]) => (
        <section key={group} aria-label={group}>
          <h3 className={styles.group}>{group}</h3>
          <ul className={styles.list}>
            {metas.map((meta) => {
              const value = files[meta.file] as ContentFileValue | undefined;
              const count = Array.isArray(value?.items) ? value.items.length : 0;
              const problemCount = counts.get(meta.file) ?? 0;
              const unsaved = dirty.includes(meta.file);
              return (
                <li key={meta.file}>
                  <button
                    type="button"
                    className={`${styles.row} ${meta === selected ? styles.selected : ''}`}
                    aria-current={meta === selected ? 'true' : undefined}
                    onClick={() => onChoose(meta)}
                  >
                    <span className={styles.rowName}>
                      {meta.name}
                      {unsaved ? ' ●' : ''}
                    </span>
                    {problemCount > 0 && (
                      <CounterBadge count={problemCount} color="danger" size="small" aria-label={`${problemCount} problems`} />
                    )}
                    <Badge appearance="tint" color="informative" size="small" aria-label={`${count} items`}>
                      {count}
                    </Badge>
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </>
  );
}
