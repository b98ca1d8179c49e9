import { Button, Dropdown, Field, Option } from '@fluentui/react-components';
import { useState } from 'react';
import { isObject } from '../../../domain/guards';
import { relativePointer, sourceUse } from '../core/model';
import type { BlockMeta, Diagnostic, SectionValue, SourceMeta } from '../core/types';
import { PairsField, textMap } from './PairsField';
import { sectionErrorAt, type FieldActions, type SectionKeys } from './section-types';
import { SourceField } from './SourceField';
import { useSectionStyles } from './section-styles';

/**
 * The section's content: the source it shows (when its block takes one) and, under "Advanced", which
 * items (pick), the source's filters (query) and the props read from the first item (bind). The
 * advanced part opens by itself while one of its keys has a problem.
 */
export function SectionBinding({
  section,
  resolved,
  preset,
  block,
  problems,
  prefix,
  options,
  catalogue,
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
  actions: FieldActions;
}) {
  const own = useSectionStyles();
  const use = sourceUse(block);
  const errorAt = sectionErrorAt(problems, prefix);
  const advancedProblem = problems.some((problem) => /^(?:pick|query|bind)(?:\/|$)/.test(relativePointer(problem, prefix)));
  const [advanced, setAdvanced] = useState(false);
  const advancedOpen = advanced || advancedProblem;
  const propNames = Object.keys(isObject(block?.schema.properties) ? block.schema.properties : {});
  const bindErrors = Object.fromEntries(Object.keys(textMap(resolved.bind)).map((key) => [key, errorAt(`bind/${key}`)]));
  const queryErrors = Object.fromEntries(Object.keys(textMap(resolved.query)).map((key) => [key, errorAt(`query/${key}`)]));
  if (use === 'none') return null;
  return (
    <fieldset className={own.group}>
      <legend className={own.legend}>Content</legend>
      <SourceField
        value={resolved.source}
        fromPreset={!section.source && Boolean(resolved.source)}
        options={options}
        required={use === 'required'}
        error={errorAt('source')}
        onCommit={(value) => actions.setKey('source', value)}
      />
      <Button
        appearance="subtle"
        className={own.disclosure}
        icon={<span aria-hidden="true">{advancedOpen ? '▾' : '▸'}</span>}
        aria-expanded={advancedOpen}
        aria-controls="section-advanced"
        onClick={() => setAdvanced(!advancedOpen)}
      >
        Advanced
      </Button>
      {advancedOpen && (
        <div id="section-advanced" className={own.pairs}>
          <Field label="Which items" validationMessage={errorAt('pick')}>
            <Dropdown
              value={resolved.pick === 'first' ? 'Only the first' : 'All, in their order'}
              selectedOptions={[resolved.pick ?? '']}
              onOptionSelect={(_, data) => actions.setKey('pick', data.optionValue ? data.optionValue : undefined)}
            >
              <Option value="">All, in their order</Option>
              <Option value="first">Only the first</Option>
            </Dropdown>
          </Field>
          {resolved.source && (
            <>
              <PairsField
                legend="Filters"
                description="Narrow the content down, such as to one partner's items. A value starting with ':' is taken from the page's address."
                value={textMap(section.query)}
                presetValue={textMap(preset?.query)}
                keys={catalogue?.query}
                noKeysText="This content cannot be filtered."
                keyLabel="Filter"
                valueLabel="Value"
                valuePlaceholder=":reseller_id"
                errors={queryErrors}
                onSet={actions.setQuery}
              />
              <PairsField
                legend="Settings taken from the content"
                description="A setting of this section read from the first item of its content, such as a plan's minimum quantity."
                value={textMap(section.bind)}
                presetValue={textMap(preset?.bind)}
                keys={propNames}
                valueOptions={catalogue?.fields}
                keyLabel="Setting"
                valueLabel="Field of the item"
                valuePlaceholder="other_details.minimum_quantity_purchase"
                errors={bindErrors}
                onSet={actions.setBind}
              />
            </>
          )}
        </div>
      )}
    </fieldset>
  );
}
