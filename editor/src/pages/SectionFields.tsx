import { memo } from 'react';
import { DraftField } from './DraftField';
import type { BlockMeta, Diagnostic, SectionValue, SourceMeta } from '../core/types';
import { SectionBinding } from './SectionBinding';
import { SectionHeader } from './SectionHeader';
import { sectionErrorAt, type FieldActions, type SectionKeys } from './section-types';

/** An anchor: lower-case letters, digits and '-'. */
const ID_PATTERN = /^[a-z0-9-]+$/;

/**
 * The section's title, problems, preset, id and content binding (everything but its props). Its props
 * change only with the section's own keys, so a keystroke in a prop does not render it again.
 */
export const SectionFields = memo(function SectionFields({
  section,
  resolved,
  preset,
  block,
  problems,
  prefix,
  options,
  catalogue,
  title,
  actions,
}: {
  section: SectionKeys;
  resolved: SectionKeys;
  preset: Partial<SectionValue> | undefined;
  block: BlockMeta | undefined;
  problems: Diagnostic[];
  prefix: string;
  options: SourceMeta[];
  catalogue: SourceMeta | undefined;
  /** The section's name (model.ts sectionTitles). */
  title: string;
  actions: FieldActions;
}) {
  const errorAt = sectionErrorAt(problems, prefix);
  return (
    <>
      <SectionHeader
        type={section.type}
        presetName={section.preset}
        preset={preset}
        block={block}
        problems={problems}
        prefix={prefix}
        title={title}
        onDetach={actions.detach}
      />
      <DraftField
        label="Anchor"
        value={section.id ?? ''}
        placeholder={preset?.id ? `${preset.id} (from the shared section)` : undefined}
        hint="A link to the page ending in #anchor scrolls to this section. Lower-case letters, digits and '-'."
        error={errorAt('id')}
        validate={(id) => (id !== '' && !ID_PATTERN.test(id) ? "Use lower-case letters, digits and '-' only" : undefined)}
        onCommit={(value) => actions.setKey('id', value === '' ? undefined : value)}
      />
      <SectionBinding
        section={section}
        resolved={resolved}
        preset={preset}
        block={block}
        problems={problems}
        prefix={prefix}
        options={options}
        catalogue={catalogue}
        actions={actions}
      />
    </>
  );
});
