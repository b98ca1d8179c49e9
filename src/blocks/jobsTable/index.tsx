import { lazy, Suspense, useId, useMemo, useRef, useState } from 'react';
import type { Job } from '../../generated/api';
import type { BlockRenderProps } from '../types';
import { ariaSort, initialJobSort, JOB_SORT_KEYS, nextJobSort, sortJobs, type JobSort } from './sort';
import './styles.css';

// Fluent's Dialog (and its focus manager) loads when a job is opened, not with the page.
const JobDialog = lazy(() => import('./JobDialog'));

/**
 * Open positions (spec: Careers): a table sorted by title ascending at first; a header button sorts
 * by its column and toggles the direction when it is already active. A row (or the title's button,
 * for keyboards) opens the job's dialog; Fluent's Dialog traps focus and closes on Escape.
 */
export default function JobsTableBlock({ props, items }: BlockRenderProps<'jobsTable', Job>) {
  const [sort, setSort] = useState<JobSort>(initialJobSort);
  const [openJob, setOpenJob] = useState<Job | null>(null);
  // The last job shown: the dialog stays mounted (closed) once opened, as unmounting a Fluent Dialog
  // whose code was loaded lazily left the page aria-hidden (the table could no longer be reached).
  const [shownJob, setShownJob] = useState<Job | null>(null);
  if (openJob && openJob !== shownJob) setShownJob(openJob);
  // The title buttons by job id: focus returns to the job's button when its dialog closes.
  const openers = useRef(new Map<number, HTMLButtonElement>());
  const close = () => {
    const opener = openJob ? openers.current.get(openJob.id) : undefined;
    setOpenJob(null);
    requestAnimationFrame(() => opener?.focus());
  };
  const rows = useMemo(() => sortJobs(items, sort), [items, sort]);
  const heading = props.title || undefined;
  const headingId = useId();

  return (
    <section className="content-section jobs-table" aria-labelledby={heading ? headingId : undefined}>
      {heading && (
        <h2 id={headingId} className="section-title">
          {heading}
        </h2>
      )}
      {rows.length === 0 ? (
        props.emptyText && <p>{props.emptyText}</p>
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
                        {props.columns[key]}
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
                  <td data-label={props.columns.title}>
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
                  <td data-label={props.columns.division}>{job.division}</td>
                  <td data-label={props.columns.location}>{job.location}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {shownJob && (
        <Suspense fallback={null}>
          <JobDialog job={shownJob} open={openJob !== null} props={props} onClose={close} />
        </Suspense>
      )}
    </section>
  );
}
