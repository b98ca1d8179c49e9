import { arrayMove } from '@dnd-kit/sortable';
import { makeStyles, tokens, Toolbar, ToolbarButton, Tooltip } from '@fluentui/react-components';
import { memo, useCallback, useMemo, useRef, useState } from 'react';
import { useListStyles } from '../core/list-styles';
import { blockTitle, pageTitle, problemsBySection, resolvedSection, sectionTitles } from '../core/model';
import type { Diagnostic, PagesConfigValue, PageValue, SectionValue } from '../core/types';
import { useEditor, useStore } from '../core/use-store';
import { BlockPalette } from './BlockPalette';
import type { SectionSummary } from './SectionItem';
import { SortableSections } from './SortableSections';
import { useSameJson } from './use-same-json';
import { useStableIds } from './use-stable-ids';

const useStyles = makeStyles({
  empty: { padding: tokens.spacingHorizontalM, color: tokens.colorNeutralForeground3 },
});

/** The selected page's sections in order: select, add, remove, duplicate, move (buttons, drag and drop, keyboard). */
export const SectionOutline = memo(function SectionOutline({
  config,
  pageIndex,
  page,
  selected,
}: {
  config: PagesConfigValue;
  pageIndex: number;
  page: PageValue;
  selected: number | null;
}) {
  const styles = useStyles();
  const list = useListStyles();
  const store = useStore();
  const { blocks, problems, sources } = useEditor();
  const [palette, setPalette] = useState(false);
  const sections = useMemo(() => page.sections ?? [], [page.sections]);
  const ids = useStableIds(sections);
  const presets = config.presets;
  const byType = useMemo(() => new Map(blocks.map((block) => [block.type, block])), [blocks]);
  const titles = sectionTitles(sections, { pages: [], presets }, blocks, sources);
  const summaries = useSameJson(
    sections.map((section, index): SectionSummary => {
      const resolved = section.preset ? resolvedSection(section, { pages: [], presets }) : section;
      const block = byType.get(section.type);
      return {
        type: section.type,
        title: titles[index],
        block: blockTitle(block, section.type),
        preset: section.preset,
        source: resolved.source,
        id: resolved.id,
      };
    }),
  );
  const sectionProblems = useMemo(() => problemsBySection(problems as Diagnostic[], pageIndex), [problems, pageIndex]);
  const counts = useSameJson(sections.map((_, index) => sectionProblems.get(index)?.length ?? 0));
  const current = selected !== null ? sections[selected] : undefined;

  const move = (from: number, to: number) => {
    if (from === to || to < 0 || to >= sections.length) return;
    const title = blockTitle(byType.get(sections[from].type), sections[from].type);
    store.changePages(
      `Move ${title}`,
      (draft) => {
        const list = draft.pages[pageIndex].sections;
        if (list) draft.pages[pageIndex].sections = arrayMove(list, from, to);
      },
      { select: { section: to } },
    );
  };

  const moveRef = useRef(move);
  moveRef.current = move;
  const onMove = useCallback((from: number, to: number) => moveRef.current(from, to), []);

  const onSelect = useCallback((index: number) => store.select({ section: index }), [store]);

  const remove = () => {
    if (selected === null || !current) return;
    store.changePages(
      `Remove ${blockTitle(byType.get(current.type), current.type)}`,
      (draft) => void draft.pages[pageIndex].sections?.splice(selected, 1),
      {
        select: { section: sections.length > 1 ? Math.min(selected, sections.length - 2) : null },
      },
    );
  };

  /** The selected section as the store has it now (the list may render a moment behind an edit). */
  const live = (): SectionValue | undefined => (selected === null ? undefined : store.pages?.pages[pageIndex]?.sections?.[selected]);

  const duplicate = () => {
    const current = live();
    if (selected === null || !current) return;
    const copy = structuredClone(current);
    // Two sections with one id would be one anchor (and one React key): the copy has none of its own.
    if (copy.id) delete copy.id;
    store.changePages(
      `Duplicate ${blockTitle(byType.get(current.type), current.type)}`,
      (draft) => void draft.pages[pageIndex].sections?.splice(selected + 1, 0, copy),
      {
        select: { section: selected + 1 },
      },
    );
  };

  const detach = () => {
    const current = live();
    const presets = store.pages?.presets;
    if (selected === null || !current?.preset) return;
    const resolved = resolvedSection(current, { pages: [], presets });
    const { preset: _preset, ...plain } = resolved;
    store.changePages(`Detach ${blockTitle(byType.get(current.type), current.type)} from preset ${current.preset}`, (draft) => {
      const list = draft.pages[pageIndex].sections;
      if (list) list[selected] = structuredClone(plain) as SectionValue;
    });
  };

  const insert = (section: SectionValue) => {
    const at = selected === null ? sections.length : selected + 1;
    store.changePages(
      `Add ${blockTitle(byType.get(section.type), section.type)}`,
      (draft) => {
        const target = draft.pages[pageIndex];
        (target.sections ??= []).splice(at, 0, section);
      },
      { select: { section: at } },
    );
  };

  return (
    <>
      <h2 className={list.heading} id="sections-heading">
        Sections of {pageTitle(page)}
      </h2>
      <Toolbar size="small" aria-label="Section actions" className={list.toolbar}>
        <ToolbarButton appearance="primary" onClick={() => setPalette(true)}>
          Add section
        </ToolbarButton>
        <ToolbarButton onClick={duplicate} disabled={!current}>
          Duplicate
        </ToolbarButton>
        <ToolbarButton onClick={remove} disabled={!current}>
          Remove
        </ToolbarButton>
        <Tooltip content="Move up" relationship="label">
          <ToolbarButton onClick={() => selected !== null && move(selected, selected - 1)} disabled={!current || selected === 0}>
            ↑
          </ToolbarButton>
        </Tooltip>
        <Tooltip content="Move down" relationship="label">
          <ToolbarButton
            onClick={() => selected !== null && move(selected, selected + 1)}
            disabled={!current || selected === sections.length - 1}
          >
            ↓
          </ToolbarButton>
        </Tooltip>
        {current?.preset && <ToolbarButton onClick={detach}>Detach from preset</ToolbarButton>}
      </Toolbar>
      {sections.length === 0 ? (
        <p className={styles.empty}>{page.redirect ? `This page only redirects to ${page.redirect}.` : 'No sections yet: add one.'}</p>
      ) : (
        <SortableSections
          ids={ids}
          summaries={summaries}
          counts={counts}
          selected={selected}
          label={`Sections of ${pageTitle(page)}`}
          onSelect={onSelect}
          onMove={onMove}
        />
      )}
      {palette && <BlockPalette blocks={blocks} onPick={insert} onClose={() => setPalette(false)} />}
    </>
  );
});
