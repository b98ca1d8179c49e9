import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Text,
  ToolbarButton,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import { isoFromManila } from '../../../editor/src/content/widgets/DateTimeWidget';
import { fillPlaceholders } from '../../../domain/text';
import TEXTS from '../../texts.json';
import { dateTime } from '../format';
import { failureText, type Outcome } from '../ui';
import type { ItemRef } from './ItemHistory';
import { scheduleItem } from './releases';

const T = TEXTS.item;

const useStyles = makeStyles({ content: { display: 'grid', gap: tokens.spacingVerticalM } });

/**
 * "Schedule…" for the open item: its draft version published at a time, or the item taken off the
 * site then; the time typed in Manila time, as the editor's date-and-time fields. The rest of the
 * item's file stays as the live release has it when the schedule runs.
 */
export function ItemSchedule({ item, value, onScheduled }: { item: ItemRef; value: unknown; onScheduled: (outcome: Outcome) => void }) {
  const styles = useStyles();
  const [open, setOpen] = useState(false);
  const [what, setWhat] = useState<'publish' | 'remove'>('publish');
  const [when, setWhen] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const runAt = isoFromManila(when);

  const send = async () => {
    if (!runAt) return;
    setBusy(true);
    setFailure(undefined);
    try {
      await scheduleItem(item.file, item.id, what === 'publish' ? value : null, runAt);
      setOpen(false);
      onScheduled({ intent: 'success', text: fillPlaceholders(T.scheduled, { time: dateTime(runAt) }) });
    } catch (refusal) {
      setFailure(failureText(refusal));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(_, next) => setOpen(next.open)}>
      <DialogTrigger disableButtonEnhancement>
        <ToolbarButton>{T.schedule}</ToolbarButton>
      </DialogTrigger>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{fillPlaceholders(T.scheduleTitle, { name: item.name })}</DialogTitle>
          <DialogContent className={styles.content}>
            <Text as="p" block>
              {T.scheduleIntro}
            </Text>
            <RadioGroup value={what} onChange={(_, data) => setWhat(data.value as 'publish' | 'remove')}>
              <Radio value="publish" label={T.publishVersion} />
              <Radio value="remove" label={T.takeOff} />
            </RadioGroup>
            <Field label={T.scheduleAt}>
              <Input type="datetime-local" value={when} onChange={(_, data) => setWhen(data.value)} />
            </Field>
            {failure && (
              <MessageBar intent="error" role="alert">
                <MessageBarBody>{failure}</MessageBarBody>
              </MessageBar>
            )}
          </DialogContent>
          <DialogActions>
            <DialogTrigger disableButtonEnhancement>
              <Button>{T.close}</Button>
            </DialogTrigger>
            <Button appearance="primary" disabled={!runAt || busy} onClick={() => void send()}>
              {T.scheduleSend}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
