import { Button, Field, Input, Switch, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { Add20Regular, Delete20Regular } from '@fluentui/react-icons';

import { setDialog, setFlowText, setMailSubject, setMailTo } from './flow-ops';
import { ProblemList } from './ProblemList';
import { setIn } from './patch-write';
import { isObject, type Change, type Diagnostic, type FormContext, type JsonObject } from './types';

const useStyles = makeStyles({
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  fieldset: {
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    margin: 0,
    padding: tokens.spacingHorizontalM,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  legend: { fontWeight: tokens.fontWeightSemibold, padding: `0 ${tokens.spacingHorizontalXS}` },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end' },
  grow: { flexGrow: 1 },
});

function asText(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

interface SectionProps {
  form: JsonObject;
  ctx: FormContext;
  change: Change;
  problems: readonly Diagnostic[];
  headingId: string;
}

/** The texts of the form's flow: the submit button, the confirm dialog and the success dialog. */
export function FlowTexts({ form, ctx, change, problems, headingId }: SectionProps) {
  const styles = useStyles();
  const flow = isObject(form.flow) ? form.flow : {};
  const confirm = isObject(flow.confirm) ? flow.confirm : undefined;
  const success = isObject(flow.success) ? flow.success : undefined;
  const text = (path: string[], label: string, multiline = false) => {
    const value = asText(path.reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), flow));
    const onChange = (next: string) => change((draft) => setFlowText(draft, path, next, ctx));
    return (
      <Field label={label} required validationMessage={value === '' ? 'This text cannot be empty' : undefined}>
        {multiline ? (
          <Textarea value={value} resize="vertical" onChange={(_, data) => onChange(data.value)} />
        ) : (
          <Input value={value} onChange={(_, data) => onChange(data.value)} />
        )}
      </Field>
    );
  };
  return (
    <div className={styles.group} role="group" aria-labelledby={headingId}>
      <ProblemList problems={problems} label="Problems of the texts" />
      {text(['submitLabel'], 'Submit button')}
      {typeof flow.cancelLabel === 'string' && text(['cancelLabel'], 'Cancel button')}
      {typeof flow.failureTitle === 'string' && text(['failureTitle'], 'Title of the failure dialog')}
      <Switch
        label="Ask for confirmation before sending"
        checked={confirm !== undefined}
        onChange={(_, data) => change((draft) => setDialog(draft, 'confirm', data.checked, ctx))}
      />
      {confirm && (
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>Confirm dialog</legend>
          {text(['confirm', 'title'], 'Title')}
          {text(['confirm', 'message'], 'Message', true)}
        </fieldset>
      )}
      <Switch
        label="Show a dialog when the form was sent"
        checked={success !== undefined}
        onChange={(_, data) => change((draft) => setDialog(draft, 'success', data.checked, ctx))}
      />
      {success && (
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>Success dialog</legend>
          {text(['success', 'title'], 'Title')}
          {text(['success', 'message'], 'Message', true)}
        </fieldset>
      )}
    </div>
  );
}

/** Who receives the submissions by e-mail (mail.to) and the e-mail's subject, when the form has them. */
export function MailTexts({ form, ctx, change, problems, headingId }: SectionProps) {
  const styles = useStyles();
  const mail = isObject(form.mail) ? form.mail : undefined;
  const flow = isObject(form.flow) ? form.flow : {};
  if (!mail) {
    const needed = typeof flow.target === 'string' && flow.target.startsWith('form-emails/');
    return (
      <div className={styles.group} role="group" aria-labelledby={headingId}>
        <ProblemList problems={problems} label="Problems of the e-mail" />
        <p>
          {needed ? 'This form is sent to form-emails/: it needs the staff addresses that receive it.' : 'The form is not sent by e-mail.'}
        </p>
        {needed && (
          <div>
            <Button icon={<Add20Regular />} onClick={() => change((draft) => setIn(draft, ['mail'], { to: [''], subject: '' }, ctx))}>
              Add the e-mail recipients
            </Button>
          </div>
        )}
      </div>
    );
  }
  const to = Array.isArray(mail.to) ? mail.to.map(asText) : [];
  const write = (next: string[]) => change((draft) => setMailTo(draft, next, ctx));
  return (
    <div className={styles.group} role="group" aria-labelledby={headingId}>
      <ProblemList problems={problems} label="Problems of the e-mail" />
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Recipients</legend>
        {to.map((address, i) => (
          <div key={i} className={styles.row}>
            <Field className={styles.grow} label={`Recipient ${i + 1}`}>
              <Input type="email" value={address} onChange={(_, data) => write(to.map((a, j) => (j === i ? data.value : a)))} />
            </Field>
            <Button
              appearance="subtle"
              icon={<Delete20Regular />}
              aria-label={`Remove recipient ${i + 1}`}
              disabledFocusable={to.length === 1}
              onClick={() => write(to.filter((_, j) => j !== i))}
            />
          </div>
        ))}
        <div>
          <Button icon={<Add20Regular />} disabledFocusable={to.length >= 10} onClick={() => write([...to, ''])}>
            Add a recipient
          </Button>
        </div>
      </fieldset>
      <Field label="Subject" required>
        <Input value={asText(mail.subject)} onChange={(_, data) => change((draft) => setMailSubject(draft, data.value, ctx))} />
      </Field>
    </div>
  );
}
