import {
  Badge,
  Button,
  Checkbox,
  Field,
  Input,
  SpinButton,
  Text,
  makeStyles,
  mergeClasses,
  shorthands,
  tokens,
  type SpinButtonOnChangeData,
} from '@fluentui/react-components';
import {
  Add20Regular,
  ArrowDown20Regular,
  ArrowUp20Regular,
  ChevronDown20Regular,
  ChevronRight20Regular,
  Delete20Regular,
  ReOrderDotsVertical20Regular,
} from '@fluentui/react-icons';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { FIELD_KIND_LABELS } from './field-kinds';
import {
  fieldLabel,
  setMaxLength,
  setMessage,
  setOptions,
  setRequired,
  setRequiredMessage,
  setTitle,
  setUiHint,
  setUiOption,
  type FieldView,
} from './form-ops';
import { ProblemList } from './ProblemList';
import { isObject, type Diagnostic, type FormContext, type FormFile } from './types';

export type Change = (edit: (draft: FormFile) => void) => void;

const useStyles = makeStyles({
  card: {
    listStyleType: 'none',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    marginBottom: tokens.spacingVerticalS,
  },
  invalid: { ...shorthands.borderColor(tokens.colorPaletteRedBorder2) },
  dragging: { boxShadow: tokens.shadow16, position: 'relative', zIndex: 1 },
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, padding: tokens.spacingHorizontalXS },
  heading: { flexGrow: 1, margin: 0, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold, minWidth: 0 },
  toggle: { width: '100%', justifyContent: 'flex-start', textAlign: 'left', fontWeight: tokens.fontWeightSemibold },
  body: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM} ${tokens.spacingVerticalM}`,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end', flexWrap: 'wrap' },
  grow: { flexGrow: 1 },
  note: { color: tokens.colorNeutralForeground3 },
  mono: { fontFamily: tokens.fontFamilyMonospace },
  fieldset: { border: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  legend: { fontWeight: tokens.fontWeightSemibold, padding: 0, marginBottom: tokens.spacingVerticalXS },
});

/** What each message keyword is about, for its input's label ("Message when …"). */
const MESSAGE_LABELS: Record<string, string> = {
  maxLength: 'too long',
  minLength: 'left empty or too short',
  pattern: 'not in the expected format (pattern)',
  'x-text': 'it holds control characters',
  format: 'not a valid value (format)',
  enum: 'not one of the options',
  minimum: 'below the minimum',
  maximum: 'above the maximum',
  exclusiveMinimum: 'not above the minimum',
  exclusiveMaximum: 'not below the maximum',
  type: 'of the wrong type',
  const: 'not the expected value',
  'x-maxDate': 'the date is too late',
};

/** Keywords whose errors a visitor may see, in the order the messages are listed. */
const MESSAGE_KEYWORDS = Object.keys(MESSAGE_LABELS);

/** Options beyond this many are shown, not edited, here. */
const MAX_EDITED_OPTIONS = 50;

const PLACEHOLDER_KINDS = new Set(['text', 'long-text', 'email', 'phone', 'number', 'select']);

export interface FieldCardProps {
  field: FieldView;
  index: number;
  count: number;
  ctx: FormContext;
  change: Change;
  problems: readonly Diagnostic[];
  expanded: boolean;
  /** Prefix of the element ids (FormEditor's useId). */
  idBase: string;
  onToggle: () => void;
  onMove: (offset: -1 | 1) => void;
  onRemove: () => void;
  /** The form's default required message (messages.required), if any. */
  defaultRequired?: string;
}

/** An element id for a field: ids may hold any character but spaces. */
export function fieldElementId(idBase: string, part: string, name: string): string {
  return `${idBase}-${part}-${encodeURIComponent(name)}`;
}

/** One field of the form: its header (drag handle, label, kind, move and remove buttons) and, expanded, its settings. */
export function FieldCard(props: FieldCardProps) {
  const { field, index, count, expanded, idBase, onToggle, onMove, onRemove, problems } = props;
  const styles = useStyles();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: field.name });
  const label = fieldLabel(field);
  const bodyId = fieldElementId(idBase, 'body', field.name);
  const problemsId = fieldElementId(idBase, 'problems', field.name);
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={mergeClasses(styles.card, problems.length > 0 && styles.invalid, isDragging && styles.dragging)}
    >
      <div className={styles.header}>
        <Button
          ref={setActivatorNodeRef}
          appearance="subtle"
          icon={<ReOrderDotsVertical20Regular />}
          aria-label={`Drag to reorder ${label}`}
          {...attributes}
          {...listeners}
        />
        <h4 className={styles.heading}>
          <Button
            id={fieldElementId(idBase, 'toggle', field.name)}
            className={styles.toggle}
            appearance="transparent"
            icon={expanded ? <ChevronDown20Regular /> : <ChevronRight20Regular />}
            aria-expanded={expanded}
            aria-controls={bodyId}
            aria-describedby={problems.length > 0 ? problemsId : undefined}
            onClick={onToggle}
          >
            {label}
          </Button>
        </h4>
        <Badge appearance="tint" color="informative">
          {field.kind === 'other' ? 'Other' : FIELD_KIND_LABELS[field.kind]}
        </Badge>
        {field.required && (
          <Badge appearance="tint" color="brand">
            Required
          </Badge>
        )}
        {problems.length > 0 && (
          <Badge appearance="filled" color="danger" aria-label={`${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}`}>
            {problems.length}
          </Badge>
        )}
        <Button
          id={fieldElementId(idBase, 'up', field.name)}
          appearance="subtle"
          icon={<ArrowUp20Regular />}
          aria-label={`Move ${label} up`}
          disabledFocusable={index === 0}
          onClick={() => onMove(-1)}
        />
        <Button
          id={fieldElementId(idBase, 'down', field.name)}
          appearance="subtle"
          icon={<ArrowDown20Regular />}
          aria-label={`Move ${label} down`}
          disabledFocusable={index === count - 1}
          onClick={() => onMove(1)}
        />
        <Button appearance="subtle" icon={<Delete20Regular />} aria-label={`Remove ${label}`} onClick={onRemove} />
      </div>
      {problems.length > 0 && !expanded && (
        <div className={styles.body}>
          <ProblemList problems={problems} label={`Problems of ${label}`} id={problemsId} />
        </div>
      )}
      {expanded && (
        <div id={bodyId} className={styles.body} role="group" aria-label={`Settings of ${label}`}>
          <ProblemList problems={problems} label={`Problems of ${label}`} id={problemsId} />
          <FieldSettings {...props} />
        </div>
      )}
    </li>
  );
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The settings of an expanded field. */
function FieldSettings({ field, ctx, change, defaultRequired }: FieldCardProps) {
  const styles = useStyles();
  const { name, schema, ui } = field;
  const edit = (fn: (draft: FormFile) => void) => change(fn);
  const ownField = field.ref === undefined;
  const messages = isObject(schema.errorMessage) ? schema.errorMessage : undefined;
  const catchAll = typeof schema.errorMessage === 'string' ? schema.errorMessage : undefined;
  // `type` only where a visitor can get it wrong (a number typed as text); every field has a type.
  const numeric = schema.type === 'number' || schema.type === 'integer';
  const keywords = MESSAGE_KEYWORDS.filter(
    (keyword) => (messages && keyword in messages) || (keyword in schema && (keyword !== 'type' || numeric)),
  );
  const options = isObject(ui['ui:options']) ? ui['ui:options'] : {};

  return (
    <>
      <Text size={200} className={styles.note}>
        Name in the data: <span className={styles.mono}>{name}</span>
        {field.origin && (
          <>
            {' '}
            · from the fragment <span className={styles.mono}>{field.origin}</span>
          </>
        )}
      </Text>
      {field.ref ? (
        <>
          <Field label="Label of the fragment">
            <Input value={field.fragmentTitle ?? ''} readOnly />
          </Field>
          <Field label="Label in this form" hint="Empty: the fragment's label">
            <Input
              value={field.titleOverride ?? ''}
              placeholder={field.fragmentTitle}
              onChange={(_, data) => edit((draft) => setTitle(draft, name, data.value, ctx))}
            />
          </Field>
        </>
      ) : (
        <Field label="Label">
          <Input value={asText(schema.title)} onChange={(_, data) => edit((draft) => setTitle(draft, name, data.value, ctx))} />
        </Field>
      )}
      <Checkbox
        label="Required"
        checked={field.required}
        onChange={(_, data) => edit((draft) => setRequired(draft, name, data.checked === true, ctx))}
      />
      {field.required && (
        <Field label="Message when left empty" hint={defaultRequired ? `Empty: the form's default, “${defaultRequired}”` : undefined}>
          <Input
            value={field.requiredMessage === defaultRequired ? '' : (field.requiredMessage ?? '')}
            placeholder={defaultRequired}
            onChange={(_, data) => edit((draft) => setRequiredMessage(draft, name, data.value, ctx))}
          />
        </Field>
      )}
      {field.kind === 'select' && <OptionsEditor {...{ field, ctx, change }} />}
      {ownField && typeof schema.maxLength === 'number' && (
        <Field label="Maximum length (characters)">
          <SpinButton
            value={schema.maxLength}
            min={1}
            max={100000}
            onChange={(_, data: SpinButtonOnChangeData) => {
              const next = data.value ?? Number.parseInt(data.displayValue ?? '', 10);
              if (Number.isInteger(next) && next >= 1) edit((draft) => setMaxLength(draft, name, next, ctx));
            }}
          />
        </Field>
      )}
      {PLACEHOLDER_KINDS.has(field.kind) && (
        <Field label="Placeholder">
          <Input
            value={asText(ui['ui:placeholder'])}
            onChange={(_, data) => edit((draft) => setUiHint(draft, name, 'ui:placeholder', data.value, ctx))}
          />
        </Field>
      )}
      {field.kind === 'file' && (
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>File</legend>
          <Field label="Accepted types" hint="Extensions or MIME types, comma-separated (.pdf,.docx)">
            <Input
              value={asText(options.accept)}
              onChange={(_, data) => edit((draft) => setUiOption(draft, name, 'accept', data.value, ctx))}
            />
          </Field>
          <Field label="Largest file (MB)">
            <SpinButton
              value={typeof options.maxBytes === 'number' ? Math.round((options.maxBytes / 1048576) * 10) / 10 : 5}
              min={0.1}
              step={1}
              onChange={(_, data: SpinButtonOnChangeData) => {
                const mb = data.value ?? Number.parseFloat(data.displayValue ?? '');
                if (Number.isFinite(mb) && mb > 0) edit((draft) => setUiOption(draft, name, 'maxBytes', Math.round(mb * 1048576), ctx));
              }}
            />
          </Field>
          <Field label="Help text">
            <Input
              value={asText(ui['ui:help'])}
              onChange={(_, data) => edit((draft) => setUiHint(draft, name, 'ui:help', data.value, ctx))}
            />
          </Field>
          <Field label="Message when the type is not accepted">
            <Input
              value={asText(options.typeMessage)}
              onChange={(_, data) => edit((draft) => setUiOption(draft, name, 'typeMessage', data.value, ctx))}
            />
          </Field>
          <Field label="Message when the file is too large">
            <Input
              value={asText(options.sizeMessage)}
              onChange={(_, data) => edit((draft) => setUiOption(draft, name, 'sizeMessage', data.value, ctx))}
            />
          </Field>
        </fieldset>
      )}
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Messages</legend>
        {catchAll !== undefined ? (
          <Field label="Message for every error">
            <Input value={catchAll} onChange={(_, data) => edit((draft) => setMessage(draft, name, undefined, data.value, ctx))} />
          </Field>
        ) : keywords.length === 0 ? (
          <Text size={200} className={styles.note}>
            This field has no rule that needs a message.
          </Text>
        ) : (
          keywords.map((keyword) => (
            <Field
              key={keyword}
              label={`Message when ${MESSAGE_LABELS[keyword]}`}
              hint={keyword === 'minLength' && defaultRequired ? `Empty: the form's default, “${defaultRequired}”` : undefined}
            >
              <Input
                value={asText(messages?.[keyword])}
                placeholder={keyword === 'minLength' ? defaultRequired : undefined}
                onChange={(_, data) => edit((draft) => setMessage(draft, name, keyword, data.value, ctx))}
              />
            </Field>
          ))
        )}
      </fieldset>
    </>
  );
}

/** The options of a select field: one input per option (and its label when the form gives labels), add, remove, move. */
function OptionsEditor({ field, ctx, change }: Pick<FieldCardProps, 'field' | 'ctx' | 'change'>) {
  const styles = useStyles();
  const { name, schema, ui } = field;
  const values = Array.isArray(schema.enum) ? schema.enum : [];
  const labels = Array.isArray(ui['ui:enumNames']) ? ui['ui:enumNames'].map(asText) : undefined;
  // A fragment's field keeps its options there; a long list (the countries) is not edited one input at a time.
  if (field.ref !== undefined || values.length > MAX_EDITED_OPTIONS || !values.every((v) => typeof v === 'string')) {
    return (
      <Text size={200} className={styles.note}>
        {values.length} options, given by {field.origin ? `the fragment ${field.origin}` : 'the schema'}.
      </Text>
    );
  }
  const options = values as string[];
  const write = (next: string[], nextLabels?: string[]) => change((draft) => setOptions(draft, name, next, ctx, nextLabels));
  const without = <T,>(list: T[], i: number) => list.filter((_, j) => j !== i);
  const swap = <T,>(list: T[], i: number, j: number) => {
    const copy = [...list];
    [copy[i], copy[j]] = [copy[j], copy[i]];
    return copy;
  };
  const duplicates = options.filter((option, i) => options.indexOf(option) !== i);
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>Options</legend>
      {options.map((option, i) => (
        <div key={i} className={styles.row}>
          <Field
            className={styles.grow}
            label={`Option ${i + 1}`}
            validationMessage={
              option === '' ? 'An option cannot be empty' : duplicates.includes(option) ? 'This option is listed twice' : undefined
            }
          >
            <Input
              value={option}
              onChange={(_, data) =>
                write(
                  options.map((o, j) => (j === i ? data.value : o)),
                  labels,
                )
              }
            />
          </Field>
          {labels && (
            <Field className={styles.grow} label={`Label of option ${i + 1}`}>
              <Input
                value={labels[i] ?? ''}
                onChange={(_, data) =>
                  write(
                    options,
                    options.map((_o, j) => (j === i ? data.value : (labels[j] ?? ''))),
                  )
                }
              />
            </Field>
          )}
          <Button
            appearance="subtle"
            icon={<ArrowUp20Regular />}
            aria-label={`Move option ${i + 1} up`}
            disabledFocusable={i === 0}
            onClick={() => write(swap(options, i, i - 1), labels && swap(labels, i, i - 1))}
          />
          <Button
            appearance="subtle"
            icon={<ArrowDown20Regular />}
            aria-label={`Move option ${i + 1} down`}
            disabledFocusable={i === options.length - 1}
            onClick={() => write(swap(options, i, i + 1), labels && swap(labels, i, i + 1))}
          />
          <Button
            appearance="subtle"
            icon={<Delete20Regular />}
            aria-label={`Remove option ${i + 1}`}
            disabledFocusable={options.length === 1}
            onClick={() => write(without(options, i), labels && without(labels, i))}
          />
        </div>
      ))}
      <div>
        <Button
          icon={<Add20Regular />}
          onClick={() => {
            let n = options.length + 1;
            while (options.includes(`Option ${n}`)) n++;
            write([...options, `Option ${n}`], labels && [...labels, `Option ${n}`]);
          }}
        >
          Add an option
        </Button>
      </div>
    </fieldset>
  );
}
