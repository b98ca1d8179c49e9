import Form, { Templates } from '@rjsf/fluentui-rc';
import type { IChangeEvent } from '@rjsf/core';
import {
  createSchemaUtils,
  type ErrorSchema,
  type Experimental_DefaultFormStateBehavior,
  type FieldErrorProps,
  type RJSFSchema,
  type TitleFieldProps,
  type UiSchema,
} from '@rjsf/utils';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useCallback, useMemo, useRef } from 'react';
import { useEditorHost } from '../core/host';
import { diffValues, humanize, type Change } from '../core/json';
import { isObject } from '../../../domain/guards';
import type { BlockMeta } from '../core/types';
import { transformErrors } from '../core/messages';

/** A group's title (a nested object of the props) under the panel's "Settings" heading (h3). */
function TitleFieldTemplate({ id, title, optionalDataControl }: TitleFieldProps) {
  return (
    <div id={id} style={{ margin: `${tokens.spacingVerticalS} 0`, borderBottom: `1px solid ${tokens.colorNeutralStroke2}` }}>
      <h4 style={{ margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold }}>{title}</h4>
      {optionalDataControl}
    </div>
  );
}

const ThemeFieldErrors = Templates.FieldErrorTemplate!;

/**
 * A field's messages, each once: the form's own check (transformErrors) and the project gate
 * (`extraErrors`, SectionPanel) both say them in the editor's words, so a problem both find is said
 * alike and shows once.
 */
function FieldErrorTemplate(props: FieldErrorProps) {
  const texts = (props.errors ?? []).filter((error): error is string => typeof error === 'string');
  const others = (props.errors ?? []).filter((error) => typeof error !== 'string');
  return <ThemeFieldErrors {...props} errors={[...new Set(texts), ...others]} />;
}

const templates = { TitleFieldTemplate, FieldErrorTemplate };

/**
 * Defaults the form fills in (and compares against: a change is what differs from them): a list's
 * minimum items only for a required list, and no empty object for an optional one (an optional
 * list or object the section lacks stays absent, instead of showing empty entries as errors).
 */
const defaultsBehavior: Experimental_DefaultFormStateBehavior = {
  arrayMinItems: { populate: 'requiredOnly' },
  emptyObjectFields: 'skipEmptyDefaults',
};

/** Field labels: a property's title, else its name as words ('cartKind' -> 'Cart kind'); an identifier-like title too. */
function labels(schema: unknown, root: Record<string, unknown>, depth = 0): UiSchema {
  const ui: UiSchema = {};
  if (!isObject(schema) || depth > 8) return ui;
  let node = schema;
  if (typeof node.$ref === 'string' && node.$ref.startsWith('#/definitions/')) {
    const target = (root.definitions as Record<string, unknown> | undefined)?.[node.$ref.slice('#/definitions/'.length)];
    if (isObject(target)) node = target;
  }
  if (isObject(node.properties)) {
    for (const [key, child] of Object.entries(node.properties)) {
      const title = isObject(child) && typeof child.title === 'string' ? child.title : undefined;
      ui[key] = { ...labels(child, root, depth + 1), 'ui:title': title && !/^[A-Za-z0-9]+$/.test(title) ? title : humanize(title ?? key) };
    }
  }
  if (isObject(node.items)) ui.items = labels(node.items, root, depth + 1);
  return ui;
}

const useStyles = makeStyles({
  form: {
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    paddingTop: tokens.spacingVerticalM,
  },
  heading: { margin: `0 0 ${tokens.spacingVerticalS}`, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
});

/**
 * The section's props as an rjsf form of its block's schema (Fluent UI theme), validated as you type,
 * with the gate's problems on their fields (`extraErrors`). A change is reported as the changes between
 * the props before and after (both with the schema's defaults filled in as rjsf fills them), so a
 * default the form shows is never written into the config unless it is changed.
 */
export function PropsForm({
  block,
  value,
  extraErrors,
  formKinds,
  onChange,
}: {
  block: BlockMeta;
  /** The form files' names: suggestions for a form block's `form`. */
  formKinds: readonly string[];
  value: Record<string, unknown>;
  extraErrors: ErrorSchema;
  onChange: (changes: Change[]) => void;
}) {
  const styles = useStyles();
  // The host's validator: Ajv compiling the block schemas in `npm run edit`; in the studio (a CSP
  // without unsafe-eval) one that runs no compiled code, the server's check judging the props.
  const { validator } = useEditorHost();
  const type = block.type;
  const schema = useMemo(() => {
    // The panel shows the block's title and description; the form shows its fields.
    const { title: _title, description: _description, $schema: _schema, ...rest } = block.schema;
    const properties = isObject(rest.properties) ? rest.properties : undefined;
    // The form block names a form file: its field suggests them (a datalist of the schema's examples).
    if (block.type === 'form' && properties && isObject(properties.form) && formKinds.length > 0) {
      return { ...rest, properties: { ...properties, form: { ...properties.form, examples: [...formKinds] } } } as RJSFSchema;
    }
    return rest as RJSFSchema;
  }, [block.schema, block.type, formKinds]);
  const utils = useMemo(() => createSchemaUtils(validator, schema, defaultsBehavior), [validator, schema]);
  const uiSchema = useMemo<UiSchema>(() => ({ ...labels(schema, schema), 'ui:submitButtonOptions': { norender: true } }), [schema]);
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };
  const handle = useCallback(
    (event: IChangeEvent) => {
      const before = utils.getDefaultFormState(schema, structuredClone(latest.current.value));
      const changes = diffValues(before, event.formData);
      if (changes.length > 0) latest.current.onChange(changes);
    },
    [utils, schema],
  );

  // The form renders again when its props or problems change (not when the panel around it does).
  const formData = useMemo(() => structuredClone(value), [value]);
  const form = useMemo(
    () => (
      <Form
        schema={schema}
        uiSchema={uiSchema}
        validator={validator}
        formData={formData}
        onChange={handle}
        liveValidate="onChange"
        transformErrors={transformErrors}
        extraErrors={extraErrors}
        showErrorList={false}
        noHtml5Validate
        idPrefix={`props-${type}`}
        templates={templates}
        experimental_defaultFormStateBehavior={defaultsBehavior}
      />
    ),
    [schema, uiSchema, validator, formData, handle, extraErrors, type],
  );

  const hasFields = Object.keys((schema.properties as object | undefined) ?? {}).length > 0;
  return (
    <section className={styles.form} aria-labelledby="props-heading">
      <h3 className={styles.heading} id="props-heading">
        Settings
      </h3>
      {hasFields ? form : <p>This block has nothing to set.</p>}
    </section>
  );
}
