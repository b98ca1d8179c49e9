import {
  Badge,
  Button,
  Combobox,
  Dropdown,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  Option,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { lazy, memo, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { ProblemList } from '../Banners';
import { ErrorBoundary } from '../ErrorBoundary';
import { applyChanges, type Change } from '../json';
import { isObject } from '../../../domain/guards';
import {
  blockDescription,
  blockTitle,
  problemsUnder,
  propsErrorSchema,
  relativePointer,
  resolvedSection,
  sectionPointer,
  sourcesFor,
  sourceUse,
} from '../model';
import { useEditor, useStore } from '../state';
import type { BlockMeta, Diagnostic, PagesConfigValue, SectionValue, SourceMeta } from '../types';
import { usePanelStyles } from './PageSettings';

/** rjsf and its Fluent theme load with the first section opened, not with the editor. */
const PropsForm = lazy(() => import('./PropsForm').then((module) => ({ default: module.PropsForm })));

const useStyles = makeStyles({
  titleRow: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  group: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    margin: 0,
  },
  legend: { fontWeight: tokens.fontWeightSemibold, padding: `0 ${tokens.spacingHorizontalXS}` },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end' },
  grow: { flex: '1 1 0', minWidth: 0 },
  pairs: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  fromPreset: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

/** A string field stored on change; an empty value removes the key. Keeps an invalid draft (pattern) until it is valid. */
function TextKey({
  label,
  value,
  placeholder,
  hint,
  error,
  pattern,
  patternMessage,
  onCommit,
}: {
  label: string;
  value: string | undefined;
  placeholder?: string;
  hint?: string;
  error?: string;
  pattern?: RegExp;
  patternMessage?: string;
  onCommit: (value: string | undefined) => void;
}) {
  const [draft, setDraft] = useState(value ?? '');
  useEffect(() => setDraft(value ?? ''), [value]);
  const invalid = pattern && draft !== '' && !pattern.test(draft) ? patternMessage : undefined;
  const message = invalid ?? error;
  return (
    <Field label={label} hint={hint} validationMessage={message} validationState={message ? 'error' : 'none'}>
      <Input
        value={draft}
        placeholder={placeholder}
        onChange={(_, data) => {
          setDraft(data.value);
          if (!pattern || data.value === '' || pattern.test(data.value)) onCommit(data.value === '' ? undefined : data.value);
        }}
      />
    </Field>
  );
}

/** The section's source: a combobox of the catalogue's sources (those of the block's item), free text allowed. */
function SourceField({
  value,
  fromPreset,
  options,
  required,
  error,
  onCommit,
}: {
  value: string | undefined;
  fromPreset: boolean;
  options: readonly SourceMeta[];
  required: boolean;
  error?: string;
  onCommit: (value: string | undefined) => void;
}) {
  const styles = useStyles();
  const [text, setText] = useState(value ?? '');
  useEffect(() => setText(value ?? ''), [value]);
  const shown = useMemo(() => {
    const wanted = text === value ? '' : text.toLowerCase();
    return options.filter((option) => option.source.toLowerCase().includes(wanted));
  }, [options, text, value]);
  const commit = (next: string) => {
    const trimmed = next.trim();
    if (trimmed !== (value ?? '')) onCommit(trimmed === '' ? undefined : trimmed);
  };
  const message = error ?? (required && !value ? 'This block needs a source.' : undefined);
  return (
    <Field
      label="Source"
      hint={fromPreset ? 'From the preset; a value here replaces it.' : 'Content source of schemas/api/sources.json.'}
      validationMessage={message}
      validationState={message ? 'error' : 'none'}
    >
      <Combobox
        freeform
        value={text}
        selectedOptions={value ? [value] : []}
        placeholder={required ? 'Choose a source' : '(none)'}
        onChange={(event) => setText(event.target.value)}
        onOptionSelect={(_, data) => {
          if (data.optionValue === undefined) return;
          setText(data.optionValue);
          commit(data.optionValue);
        }}
        onBlur={() => commit(text)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit(text);
        }}
      >
        {shown.map((option) => (
          <Option key={option.source} value={option.source} text={option.source}>
            <span>
              {option.source}
              {option.item && <span className={styles.fromPreset}> · {option.item}</span>}
            </span>
          </Option>
        ))}
      </Combobox>
    </Field>
  );
}

/** A map of names to texts (query, bind): one row a key, the key picked from `keys` when there are choices. */
function PairsField({
  legend,
  description,
  value,
  presetValue,
  keys,
  valueOptions,
  noKeysText,
  keyLabel,
  valueLabel,
  valuePlaceholder,
  errors,
  onSet,
}: {
  legend: string;
  description: string;
  value: Record<string, string>;
  presetValue: Record<string, string>;
  /** The keys to choose from; undefined: any name (typed); []: none (the catalogue says so). */
  keys: readonly string[] | undefined;
  /** Choices for the values (e.g. the item's field paths), typed freely otherwise. */
  valueOptions?: readonly string[];
  noKeysText?: string;
  keyLabel: string;
  valueLabel: string;
  valuePlaceholder?: string;
  errors: Record<string, string | undefined>;
  onSet: (key: string, value: string | undefined, rename?: string) => void;
}) {
  const styles = useStyles();
  const entries = Object.entries({ ...presetValue, ...value });
  const free = (keys ?? []).filter((key) => !(key in value) && !(key in presetValue));
  const [adding, setAdding] = useState('');
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{legend}</legend>
      <span className={styles.fromPreset}>{description}</span>
      <div className={styles.pairs}>
        {entries.map(([key, item]) => {
          const inherited = !(key in value);
          return (
            <div className={styles.row} key={key}>
              <Field label={keyLabel} className={styles.grow}>
                <Input value={key} readOnly />
              </Field>
              <Field
                label={valueLabel}
                className={styles.grow}
                hint={inherited ? 'From the preset' : undefined}
                validationMessage={errors[key]}
                validationState={errors[key] ? 'error' : 'none'}
              >
                {valueOptions && valueOptions.length > 0 ? (
                  <Combobox
                    freeform
                    value={item}
                    placeholder={valuePlaceholder}
                    selectedOptions={valueOptions.includes(item) ? [item] : []}
                    onChange={(event) => onSet(key, event.target.value)}
                    onOptionSelect={(_, data) => data.optionValue !== undefined && onSet(key, data.optionValue)}
                  >
                    {valueOptions
                      .filter((option) => option.toLowerCase().includes(valueOptions.includes(item) ? '' : item.toLowerCase()))
                      .slice(0, 200)
                      .map((option) => (
                        <Option key={option} value={option}>
                          {option}
                        </Option>
                      ))}
                  </Combobox>
                ) : (
                  <Input value={item} placeholder={valuePlaceholder} onChange={(_, data) => onSet(key, data.value)} />
                )}
              </Field>
              <Button
                aria-label={`Remove ${key}`}
                disabled={inherited}
                title={inherited ? 'Set by the preset' : undefined}
                onClick={() => onSet(key, undefined)}
              >
                ✕
              </Button>
            </div>
          );
        })}
      </div>
      {keys !== undefined && keys.length === 0 ? (
        <span className={styles.fromPreset}>{noKeysText}</span>
      ) : (
        <div className={styles.row}>
          {keys !== undefined ? (
            <Field label={`Add a ${keyLabel.toLowerCase()}`} className={styles.grow}>
              <Dropdown
                placeholder={free.length ? 'Choose' : 'All are set'}
                disabled={free.length === 0}
                selectedOptions={adding ? [adding] : []}
                value={adding}
                onOptionSelect={(_, data) => setAdding(data.optionValue ?? '')}
              >
                {free.map((key) => (
                  <Option key={key} value={key}>
                    {key}
                  </Option>
                ))}
              </Dropdown>
            </Field>
          ) : (
            <Field label={`Add a ${keyLabel.toLowerCase()}`} className={styles.grow}>
              <Input value={adding} onChange={(_, data) => setAdding(data.value.trim())} />
            </Field>
          )}
          <Button
            disabled={!adding || adding in value || adding in presetValue}
            onClick={() => {
              onSet(adding, '');
              setAdding('');
            }}
          >
            Add
          </Button>
        </div>
      )}
    </fieldset>
  );
}

function textMap(value: unknown): Record<string, string> {
  return isObject(value)
    ? Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
    : {};
}

const ID_PATTERN = /^[a-z0-9-]+$/;

/** A section's keys but its props. */
type SectionKeys = Pick<SectionValue, 'type' | 'preset' | 'id' | 'source' | 'query' | 'pick' | 'bind'>;

interface FieldActions {
  setKey: (key: 'id' | 'source' | 'pick', value: string | undefined) => void;
  setQuery: (key: string, value: string | undefined) => void;
  setBind: (key: string, value: string | undefined) => void;
  detach: () => void;
}

/** The section's title, problems, preset, id and content binding (everything but its props). */
const SectionFields = memo(function SectionFields({
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
  const styles = usePanelStyles();
  const own = useStyles();
  const title = blockTitle(block, section.type);
  const use = sourceUse(block);
  const errorAt = (key: string) =>
    problems
      .filter((problem) => relativePointer(problem, prefix) === key)
      .map((problem) => problem.message)
      .join(' ') || undefined;
  const propNames = Object.keys(isObject(block?.schema.properties) ? block.schema.properties : {});
  const bindErrors = Object.fromEntries(Object.keys(textMap(resolved.bind)).map((key) => [key, errorAt(`bind/${key}`)]));
  const queryErrors = Object.fromEntries(Object.keys(textMap(resolved.query)).map((key) => [key, errorAt(`query/${key}`)]));
  return (
    <>
      <div className={own.titleRow}>
        <h2 className={styles.heading}>{title}</h2>
        <Badge appearance="outline">{section.type}</Badge>
        {section.preset && (
          <Badge appearance="tint" color="brand">
            Preset: {section.preset}
          </Badge>
        )}
      </div>
      {blockDescription(block) && <p className={styles.sub}>{blockDescription(block)}</p>}
      {!block && (
        <MessageBar intent="error">
          <MessageBarBody>There is no block type {section.type} in src/blocks/.</MessageBarBody>
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
      {section.preset && (
        <MessageBar intent={preset ? 'info' : 'warning'} layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>Preset: {section.preset}</MessageBarTitle>
            {preset
              ? 'The form shows the preset’s values under this section’s own; what you change is stored in this section and wins over the preset.'
              : 'There is no preset of this name in pages.config.json.'}
          </MessageBarBody>
          <MessageBarActions>
            <Button onClick={actions.detach}>Detach from preset</Button>
          </MessageBarActions>
        </MessageBar>
      )}
      <TextKey
        label="Id"
        value={section.id}
        placeholder={preset?.id ? `${preset.id} (from the preset)` : undefined}
        hint="The section's anchor (#id) and key; lower-case letters, digits and '-'."
        error={errorAt('id')}
        pattern={ID_PATTERN}
        patternMessage="Lower-case letters, digits and '-' only."
        onCommit={(value) => actions.setKey('id', value)}
      />
      {use !== 'none' && (
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
          <Field label="Pick" hint="all: the list by precedence; first: only the first item." validationMessage={errorAt('pick')}>
            <Dropdown
              value={resolved.pick ?? 'all (default)'}
              selectedOptions={[resolved.pick ?? '']}
              onOptionSelect={(_, data) => actions.setKey('pick', data.optionValue ? data.optionValue : undefined)}
            >
              <Option value="">all (default)</Option>
              <Option value="all">all</Option>
              <Option value="first">first</Option>
            </Dropdown>
          </Field>
          {resolved.source && (
            <>
              <PairsField
                legend="Query"
                description="Query parameters of the source's GET; ':param' is a route param (e.g. ':reseller_id')."
                value={textMap(section.query)}
                presetValue={textMap(preset?.query)}
                keys={catalogue?.query}
                noKeysText="This source takes no query parameters."
                keyLabel="Parameter"
                valueLabel="Value"
                valuePlaceholder=":reseller_id"
                errors={queryErrors}
                onSet={actions.setQuery}
              />
              <PairsField
                legend="Bind"
                description="Props taken from the first item of the source: prop -> dotted path in the item."
                value={textMap(section.bind)}
                presetValue={textMap(preset?.bind)}
                keys={propNames}
                valueOptions={catalogue?.fields}
                keyLabel="Prop"
                valueLabel="Path in the item"
                valuePlaceholder="other_details.minimum_quantity_purchase"
                errors={bindErrors}
                onSet={actions.setBind}
              />
            </>
          )}
        </fieldset>
      )}
    </>
  );
});

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
  const errorSchema = useMemo(() => propsErrorSchema(sectionProblems, prefix), [sectionProblems, prefix]);
  const title = blockTitle(block, section.type);
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
  const ownJson = JSON.stringify(ownKeys);
  const resolvedJson = JSON.stringify(resolvedKeys);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the same keys, as JSON
  const stableOwn = useMemo(() => ownKeys, [ownJson]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the same keys, as JSON
  const stableResolved = useMemo(() => resolvedKeys, [resolvedJson]);
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
