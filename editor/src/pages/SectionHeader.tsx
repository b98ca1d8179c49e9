import { Badge, Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { ProblemList } from '../core/Banners';
import { blockDescription, blockTitle } from '../core/model';
import type { BlockMeta, Diagnostic, SectionValue } from '../core/types';
import { usePanelStyles } from './panel-styles';
import { useSectionStyles } from './section-styles';

/**
 * The top of a section's panel: its name and kind, the preset it shares, its block's description, and
 * what is wrong with it (a kind of section that does not exist, the gate's problems, a missing preset).
 */
export function SectionHeader({
  type,
  presetName,
  preset,
  block,
  problems,
  prefix,
  title,
  onDetach,
}: {
  type: string;
  presetName: string | undefined;
  preset: Partial<SectionValue> | undefined;
  block: BlockMeta | undefined;
  problems: Diagnostic[];
  prefix: string;
  /** The section's name (model.ts sectionTitles). */
  title: string;
  onDetach: () => void;
}) {
  const styles = usePanelStyles();
  const own = useSectionStyles();
  const kind = blockTitle(block, type);
  return (
    <>
      <div className={own.titleRow}>
        <h2 className={styles.heading}>{title}</h2>
        {kind !== title && <Badge appearance="outline">{kind}</Badge>}
        {presetName && (
          <Badge appearance="tint" color="brand">
            Preset: {presetName}
          </Badge>
        )}
      </div>
      {blockDescription(block) && <p className={styles.sub}>{blockDescription(block)}</p>}
      {!block && (
        <MessageBar intent="error">
          <MessageBarBody>This kind of section ({type}) does not exist: remove the section, or ask a developer to add it.</MessageBarBody>
        </MessageBar>
      )}
      {problems.length > 0 && (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>
              {problems.length} {problems.length === 1 ? 'problem' : 'problems'} in this section
            </MessageBarTitle>
            <ProblemList problems={problems} relativeTo={prefix} />
          </MessageBarBody>
        </MessageBar>
      )}
      {presetName && (
        <MessageBar intent={preset ? 'info' : 'warning'} layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>Preset: {presetName}</MessageBarTitle>
            {preset
              ? 'This section is shared with other pages: the form shows the shared values, and what you change here applies to this page only.'
              : 'There is no shared section (preset) of this name.'}
          </MessageBarBody>
          <MessageBarActions>
            <Button onClick={onDetach}>Detach from preset</Button>
          </MessageBarActions>
        </MessageBar>
      )}
    </>
  );
}
