import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import type { Job } from '../../generated/api';
import { Paragraphs } from '../../lib/Paragraphs';
import type { BlockRenderProps } from '../types';
import { FluentScope } from '../../lib/FluentScope';
import { ContentImage } from '../../lib/ContentImage';

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;

/** The hint text with every e-mail address in it turned into a mailto link. */
function withEmailLinks(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(EMAIL)) {
    const start = match.index ?? 0;
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      <a key={start} href={`mailto:${match[0]}`}>
        {match[0]}
      </a>,
    );
    last = start + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/** A job's details (Fluent's Dialog): a chunk of its own, loaded when a visitor opens a job. */
export default function JobDialog({
  job,
  open,
  props,
  onClose,
}: {
  job: Job;
  open: boolean;
  props: BlockRenderProps<'jobsTable', Job>['props'];
  onClose: () => void;
}) {
  return (
    <FluentScope>
      <Dialog open={open} onOpenChange={(_, data) => !data.open && onClose()}>
        <DialogSurface className="job-dialog">
          <DialogBody>
            <DialogTitle>{job.title}</DialogTitle>
            <DialogContent className="job-dialog__content">
              <ContentImage
                image={job.background_image}
                className="job-dialog__image"
                width={800}
                height={500}
                sizes="(min-width: 700px) 640px, 100vw"
                priority="eager"
              />
              <p className="job-dialog__meta">
                {job.division} · {job.location}
              </p>
              <Paragraphs text={job.description} className="job-dialog__description" />
              <p className="job-dialog__hint">{withEmailLinks(props.applyHint)}</p>
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={onClose}>
                {props.closeLabel}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </FluentScope>
  );
}
