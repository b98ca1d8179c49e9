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
import { ErrorBoundary } from '../core/ErrorBoundary';
import { applyChanges, type Change } from '../core/json';
import { isObject } from '../../../domain/guards';
import { plainMessage, plainMessages } from '../core/messages';
import {
  blockDescription,
  blockTitle,
  problemsUnder,
  propsErrorSchema,
  relativePointer,
  resolvedSection,
  sectionPointer,
  sectionTitles,
  sourcesFor,
  sourceUse,
} from '../core/model';
import { useEditor, useStore } from '../state';
import type { BlockMeta, Diagnostic, PagesConfigValue, SectionValue, SourceMeta } from '../core/types';
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
  disclosure: { alignSelf: 'flex-start' },
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

/** The value of the "none" choice of an optional source. */
const NO_SOURCE = '';

/**
 * The section's content: a choice of the catalogue's sources that serve the block's kind of item,
 * each by its title ("About us, sections"). A source the catalogue does not list (written by hand)
 * shows as it is written, with the gate's problem under it.
 */
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
  const current = options.find((option) => option.source === value);
  const shown = current?.title ?? value ?? '';
  const message = error ?? (required && !value ? 'Choose the content this section shows.' : undefined);
  return (
    <Field
      label="Shows"
      hint={fromPreset ? 'Chosen by the shared section (preset); a choice here replaces it.' : 'The content this section shows.'}
      validationMessage={message}
      validationState={message ? 'error' : 'none'}
    >
      <Dropdown
        value={shown}
        selectedOptions={value ? [value] : [NO_SOURCE]}
        placeholder={required ? 'Choose the content' : 'Nothing'}
        onOptionSelect={(_, data) => {
          const next = data.optionValue === NO_SOURCE ? undefined : data.optionValue;
          if (next !== value) onCommit(next);
        }}
      >
        {!required && <Option value={NO_SOURCE}>Nothing</Option>}
        {options.map((option) => (
          <Option key={option.source} value={option.source} text={option.title ?? option.source}>
            <span>
              {option.title ?? option.source}
              {option.description && <span className={styles.fromPreset}> · {option.description}</span>}
            </span>
          </Option>
        ))}
      </Dropdown>
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
  const styles = usePanelStyles();
  const own = useStyles();
  const kind = blockTitle(block, section.type);
  const use = sourceUse(block);
  const errorAt = (key: string) =>
    plainMessages(problems.filter((problem) => relativePointer(problem, prefix) === key)).join(' ') || undefined;
  const advancedProblem = problems.some((problem) => /^(?:pick|query|bind)(?:\/|$)/.test(relativePointer(problem, prefix)));
  const [advanced, setAdvanced] = useState(false);
  const advancedOpen = advanced || advancedProblem;
  const propNames = Object.keys(isObject(block?.schema.properties) ? block.schema.properties : {});
  const bindErrors = Object.fromEntries(Object.keys(textMap(resolved.bind)).map((key) => [key, errorAt(`bind/${key}`)]));
  const queryErrors = Object.fromEntries(Object.keys(textMap(resolved.query)).map((key) => [key, errorAt(`query/${key}`)]));
  return (
    <>
      <div className={own.titleRow}>
        <h2 className={styles.heading}>{title}</h2>
        {kind !== title && <Badge appearance="outline">{kind}</Badge>}
        {section.preset && (
          <Badge appearance="tint" color="brand">
            Preset: {section.preset}
          </Badge>
        )}
      </div>
      {blockDescription(block) && <p className={styles.sub}>{blockDescription(block)}</p>}
      {!block && (
        <MessageBar intent="error">
          <MessageBarBody>
            This kind of section ({section.type}) does not exist: remove the section, or ask a developer to add it.
          </MessageBarBody>
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
              ? 'This section is shared with other pages: the form shows the shared values, and what you change here applies to this page only.'
              : 'There is no shared section (preset) of this name.'}
          </MessageBarBody>
          <MessageBarActions>
            <Button onClick={actions.detach}>Detach from preset</Button>
          </MessageBarActions>
        </MessageBar>
      )}
      <TextKey
        label="Anchor"
        value={section.id}
        placeholder={preset?.id ? `${preset.id} (from the shared section)` : undefined}
        hint="A link to the page ending in #anchor scrolls to this section. Lower-case letters, digits and '-'."
        error={errorAt('id')}
        pattern={ID_PATTERN}
        patternMessage="Use lower-case letters, digits and '-' only"
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
