import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Job } from '../../generated/api';
import { Paragraphs } from '../../lib/Paragraphs';
import { fill } from '../../lib/site';
import type { BlockRenderProps } from '../types';
import { ariaSort, initialJobSort, JOB_SORT_KEYS, nextJobSort, sortJobs, type JobSort } from './sort';
import './styles.css';

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

function JobDialog({ job, props, onClose }: { job: Job; props: BlockRenderProps<'jobsTable', Job>['props']; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface className="job-dialog">
        <DialogBody>
          <DialogTitle>{job.title}</DialogTitle>
          <DialogContent className="job-dialog__content">
            {job.background_image?.main && (
              <img className="job-dialog__image" src={job.background_image.main} alt="" width={800} height={500} decoding="async" />
            )}
            <p className="job-dialog__meta">
              {job.division} · {job.location}
            </p>
            <Paragraphs text={job.description} className="job-dialog__description" />
            <p className="job-dialog__hint">{withEmailLinks(fill(props.applyHint))}</p>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {fill(props.closeLabel)}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/**
 * Open positions (spec: Careers): a table sorted by title ascending at first; a header button sorts
 * by its column and toggles the direction when it is already active. A row (or the title's button,
 * for keyboards) opens the job's dialog; Fluent's Dialog traps focus and closes on Escape.
 */
export default function JobsTableBlock({ props, items }: BlockRenderProps<'jobsTable', Job>) {
  const [sort, setSort] = useState<JobSort>(initialJobSort);
  const [openJob, setOpenJob] = useState<Job | null>(null);
  // The title buttons by job id: focus returns to the job's button when its dialog closes.
  const openers = useRef(new Map<number, HTMLButtonElement>());
  const close = () => {
    const opener = openJob ? openers.current.get(openJob.id) : undefined;
    setOpenJob(null);
    requestAnimationFrame(() => opener?.focus());
  };
  const rows = useMemo(() => sortJobs(items, sort), [items, sort]);
  const heading = props.title ? fill(props.title) : undefined;
  const headingId = useId();

  return (
    <section className="content-section jobs-table" aria-labelledby={heading ? headingId : undefined}>
      {heading && (
        <h2 id={headingId} className="section-title">
          {heading}
        </h2>
      )}
      {rows.length === 0 ? (
        props.emptyText && <p>{fill(props.emptyText)}</p>
      ) : (
        <div className="jobs-table__scroller">
          <table className="jobs-table__table" aria-labelledby={heading ? headingId : undefined}>
            <thead>
              <tr>
                {JOB_SORT_KEYS.map((key) => {
                  const state = ariaSort(sort, key);
                  return (
                    <th key={key} scope="col" aria-sort={state}>
                      <button type="button" className="jobs-table__sort" onClick={() => setSort((s) => nextJobSort(s, key))}>
                        {fill(props.columns[key])}
                        <span className={`jobs-table__arrow jobs-table__arrow--${state}`} aria-hidden="true" />
                      </button>
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {rows.map((job) => (
                <tr key={job.id} className="jobs-table__row" onClick={() => setOpenJob(job)}>
                  <td data-label={fill(props.columns.title)}>
                    <button
                      type="button"
                      className="jobs-table__open"
                      aria-haspopup="dialog"
                      ref={(element) => {
                        if (element) openers.current.set(job.id, element);
                        else openers.current.delete(job.id);
                      }}
                      onClick={(event) => {
                        event.stopPropagation();
                        setOpenJob(job);
                      }}
                    >
                      {job.title}
                    </button>
                  </td>
                  <td data-label={fill(props.columns.division)}>{job.division}</td>
                  <td data-label={fill(props.columns.location)}>{job.location}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {openJob && <JobDialog job={openJob} props={props} onClose={close} />}
    </section>
  );
}
