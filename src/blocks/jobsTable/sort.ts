/** Sorting of the jobs table: by the clicked column; the active one toggles; starts at title ascending. */

export type JobSortKey = 'title' | 'division' | 'location';
type SortDirection = 'asc' | 'desc';

export interface JobSort {
  key: JobSortKey;
  direction: SortDirection;
}

export const JOB_SORT_KEYS: readonly JobSortKey[] = ['title', 'division', 'location'];

export const initialJobSort: JobSort = { key: 'title', direction: 'asc' };

/** The sort after a click on `key`: the active column toggles, another column starts ascending. */
export function nextJobSort(current: JobSort, key: JobSortKey): JobSort {
  if (current.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: 'asc' };
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * The jobs in the given order, without changing the input. Ties on the column fall back to the
 * title (ascending) and then to the original order, so the result is deterministic.
 */
export function sortJobs<T extends Record<JobSortKey, string>>(jobs: readonly T[], sort: JobSort): T[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return jobs
    .map((job, index) => ({ job, index }))
    .sort(
      (a, b) =>
        sign * collator.compare(a.job[sort.key] ?? '', b.job[sort.key] ?? '') ||
        collator.compare(a.job.title ?? '', b.job.title ?? '') ||
        a.index - b.index,
    )
    .map(({ job }) => job);
}

/** The aria-sort value of a column header. */
export function ariaSort(sort: JobSort, key: JobSortKey): 'ascending' | 'descending' | 'none' {
  if (sort.key !== key) return 'none';
  return sort.direction === 'asc' ? 'ascending' : 'descending';
}
