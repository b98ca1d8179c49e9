import { useEffect } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { fillQuery, useSource } from '../api/sources';
import { logError } from './log';
import { Paragraphs } from './Paragraphs';
import { RichText } from './RichText';
import type { ContentDialogSpec } from './types';
import './content-dialog.css';
import { FluentScope } from './FluentScope';
import type { RouteParams } from './route-params';

type Item = { id?: number; title?: string; description?: string; question?: string; answer?: string };

function Entries({ kind, items }: { kind: ContentDialogSpec['kind']; items: readonly Item[] }) {
  switch (kind) {
    case 'terms':
      return (
        <>
          {items.map((item, index) => (
            <article key={item.id ?? index} className="content-dialog__entry">
              {items.length > 1 && item.title && <h3>{item.title}</h3>}
              <RichText html={item.description} />
            </article>
          ))}
        </>
      );
    case 'policies':
      return (
        <>
          {items.map((item, index) => (
            <article key={item.id ?? index} className="content-dialog__entry">
              {item.title && <h3>{item.title}</h3>}
              <Paragraphs text={item.description} />
            </article>
          ))}
        </>
      );
    case 'faqs':
      return (
        <dl className="content-dialog__faqs">
          {items.map((item, index) => (
            <div key={item.id ?? index} className="content-dialog__entry">
              <dt>{item.question}</dt>
              <dd>
                <Paragraphs text={item.answer} />
              </dd>
            </div>
          ))}
        </dl>
      );
  }
}

/**
 * A modal dialog showing the items of a content source (terms: rich text; policies: title and
 * description; FAQs: question and answer), loaded when it first opens. It stays mounted once
 * opened, so that Fluent closes it properly (focus back on the trigger, the page un-hidden). A
 * failed load is logged and the dialog says there is nothing to show (a content failure shows no
 * error message).
 */
export default function ContentDialog({
  spec,
  params,
  open,
  closeLabel,
  onClose,
}: {
  spec: ContentDialogSpec;
  open: boolean;
  params: RouteParams;
  closeLabel: string;
  onClose: () => void;
}) {
  const { data, error } = useSource<Item>(spec.source, params, fillQuery(spec.query, params));
  useEffect(() => {
    if (error) logError(`source ${spec.source}`, error);
  }, [error, spec.source]);
  const items = data ?? [];
  return (
    <FluentScope>
      <Dialog
        open={open}
        onOpenChange={(_, state) => {
          if (!state.open) onClose();
        }}
      >
        <DialogSurface className="content-dialog">
          <DialogBody>
            <DialogTitle>{spec.title}</DialogTitle>
            <DialogContent className="content-dialog__content" aria-busy={!data && !error}>
              {!data && !error ? (
                <div className="block-skeleton__shape" style={{ height: 160 }} />
              ) : items.length === 0 ? (
                <p>{spec.emptyText ?? ''}</p>
              ) : (
                <Entries kind={spec.kind} items={items} />
              )}
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={onClose}>
                {closeLabel}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </FluentScope>
  );
}
