import { Spinner } from '@fluentui/react-components';
import { lazy, Suspense, useMemo, useRef } from 'react';
import { isObject } from '../../../domain/guards';
import { ErrorBoundary } from '../core/ErrorBoundary';
import { applyChanges, type Change } from '../core/json';
import { plainMessage } from '../core/messages';
import { blockTitle, problemsUnder, propsErrorSchema, resolvedSection, sectionPointer, sectionTitles, sourcesFor } from '../core/model';
import type { BlockMeta, Diagnostic, PagesConfigValue, SectionValue } from '../core/types';
import { useEditor, useStore } from '../core/use-store';
import { usePanelStyles } from './panel-styles';
import { SectionFields } from './SectionFields';
import type { FieldActions } from './section-types';
import { useSameJson } from './use-same-json';

/** rjsf and its Fluent theme load with the first section opened, not with the editor. */
const PropsForm = lazy(() => import('./PropsForm').then((module) => ({ default: module.PropsForm })));

/** The selected section: its binding (source, pick, query, bind), its id, and its props form. */
export function SectionPanel({
  config,
  pageIndex,
  sectionIndex,
  section,
}: {
  config: PagesConfigValue;
  pageIndex: number;
  sectionIndex: number;
  section: SectionValue;
}) {
  const styles = usePanelStyles();
  const store = useStore();
  const { blocks, sources, problems, formKinds } = useEditor();
  const block = blocks.find((candidate) => candidate.type === section.type);
  const resolved = useMemo(() => resolvedSection(section, config), [section, config]);
  const preset = section.preset ? config.presets?.[section.preset] : undefined;
  const prefix = sectionPointer(pageIndex, sectionIndex);
  const sectionProblems = useMemo(() => problemsUnder(problems as Diagnostic[], prefix), [problems, prefix]);
  // In the editor's words (messages.ts), as the form words its own errors: a problem both find shows once.
  const errorSchema = useMemo(
    () =>
      propsErrorSchema(
        sectionProblems.map((problem) => ({ ...problem, message: plainMessage(problem) })).filter((problem) => problem.message !== ''),
        prefix,
      ),
    [sectionProblems, prefix],
  );
  const title = useMemo(
    () => sectionTitles(config.pages[pageIndex]?.sections ?? [], config, blocks, sources)[sectionIndex] ?? blockTitle(block, section.type),
    [config, pageIndex, sectionIndex, blocks, sources, block, section.type],
  );
  const options = useMemo(() => sourcesFor(block, sources), [block, sources]);
  const catalogue = sources.find((entry) => entry.source === resolved.source);

  /** Changes this section (undoable); `key` joins quick edits of one field into one undo step. */
  const edit = (label: string, recipe: (draft: SectionValue) => void, key?: string) =>
    store.changePages(
      `${label} of ${title}`,
      (draft) => {
        const target = draft.pages[pageIndex].sections?.[sectionIndex];
        if (target) recipe(target);
      },
      key ? { coalesce: `section:${pageIndex}:${sectionIndex}:${key}` } : undefined,
    );

  const setKey = (key: 'id' | 'source' | 'pick', value: string | undefined) =>
    edit(
      `Edit the ${key}`,
      (draft) => {
        if (value === undefined) delete draft[key];
        else if (key === 'pick') draft.pick = value === 'first' ? 'first' : 'all';
        else draft[key] = value;
      },
      key,
    );

  const setPair = (field: 'query' | 'bind') => (key: string, value: string | undefined) =>
    edit(
      `Edit the ${field}`,
      (draft) => {
        const map = (draft[field] ??= {});
        if (value === undefined) delete map[key];
        else map[key] = value;
        if (Object.keys(map).length === 0) delete draft[field];
      },
      `${field}:${key}`,
    );

  const onPropsChange = (changes: Change[]) =>
    edit(
      'Edit the props',
      (draft) => {
        const props = (draft.props ??= {});
        applyChanges(props, changes);
        if (Object.keys(props).length === 0) delete draft.props;
      },
      `props:${changes.map((change) => change.path.join('.')).join(',')}`,
    );

  const detach = () => {
    const { preset: _preset, ...plain } = resolved;
    store.changePages(`Detach ${title} from preset ${section.preset}`, (draft) => {
      const list = draft.pages[pageIndex].sections;
      if (list) list[sectionIndex] = structuredClone(plain) as SectionValue;
    });
  };

  // The fields above the props form change only with the section's own keys: a keystroke in a prop
  // does not render them again (memo, stable callbacks).
  const latest = useRef({ setKey, setPair, detach });
  latest.current = { setKey, setPair, detach };
  const actions = useMemo<FieldActions>(
    () => ({
      setKey: (key, value) => latest.current.setKey(key, value),
      setQuery: (key, value) => latest.current.setPair('query')(key, value),
      setBind: (key, value) => latest.current.setPair('bind')(key, value),
      detach: () => latest.current.detach(),
    }),
    [],
  );
  const { props: _props, ...ownKeys } = section;
  const { props: _resolvedProps, ...resolvedKeys } = resolved;
  const stableOwn = useSameJson(ownKeys);
  const stableResolved = useSameJson(resolvedKeys);
  const formKey = `${pageIndex}/${sectionIndex}/${section.type}`;

  return (
    <div className={styles.panel}>
      <SectionFields
        section={stableOwn}
        resolved={stableResolved}
        preset={preset}
        block={block}
        problems={sectionProblems}
        prefix={prefix}
        options={options}
        catalogue={catalogue}
        title={title}
        actions={actions}
      />
      {block && (
        <ErrorBoundary key={formKey} what="The props form">
          <Suspense fallback={<Spinner label="Loading the form…" />}>
            <PropsForm
              key={formKey}
              block={block as BlockMeta}
              value={isObject(resolved.props) ? resolved.props : {}}
              extraErrors={errorSchema}
              formKinds={formKinds}
              onChange={onPropsChange}
            />
          </Suspense>
        </ErrorBoundary>
      )}
    </div>
  );
}
