import { describe, expect, it } from 'vitest';
import { ariaSort, initialJobSort, nextJobSort, sortJobs, type JobSort } from './sort';

const jobs = [
  { id: 1, title: 'Telemedicine Physician', division: 'Medical', location: 'Remote (Philippines)' },
  { id: 2, title: 'customer Care Representative', division: 'Operations', location: 'Makati City' },
  { id: 3, title: 'Registered Nurse, Triage', division: 'Medical', location: 'Makati City' },
  { id: 4, title: 'Digital Marketing Specialist', division: 'Marketing', location: 'Cebu City' },
];
const ids = (sort: JobSort) => sortJobs(jobs, sort).map((job) => job.id);

describe('jobs table sorting', () => {
  it('starts by title ascending', () => {
    expect(initialJobSort).toEqual({ key: 'title', direction: 'asc' });
    // Case does not matter: 'customer …' sorts before 'Digital …'.
    expect(ids(initialJobSort)).toEqual([2, 4, 3, 1]);
  });

  it('toggles the direction when the active column is clicked again', () => {
    const once = nextJobSort(initialJobSort, 'title');
    expect(once).toEqual({ key: 'title', direction: 'desc' });
    expect(ids(once)).toEqual([1, 3, 4, 2]);
    expect(nextJobSort(once, 'title')).toEqual({ key: 'title', direction: 'asc' });
  });

  it('sorts ascending by a newly clicked column, ties by title', () => {
    const byDivision = nextJobSort({ key: 'title', direction: 'desc' }, 'division');
    expect(byDivision).toEqual({ key: 'division', direction: 'asc' });
    // Marketing, Medical (Registered…, Telemedicine…), Operations.
    expect(ids(byDivision)).toEqual([4, 3, 1, 2]);
    // Descending reverses the column, ties still by title ascending.
    expect(ids({ key: 'division', direction: 'desc' })).toEqual([2, 3, 1, 4]);
  });

  it('sorts by location', () => {
    const byLocation = nextJobSort(initialJobSort, 'location');
    expect(ids(byLocation)).toEqual([4, 2, 3, 1]);
    expect(ids(nextJobSort(byLocation, 'location'))).toEqual([1, 2, 3, 4]);
  });

  it('leaves the input list untouched', () => {
    const before = jobs.map((job) => job.id);
    sortJobs(jobs, { key: 'location', direction: 'desc' });
    expect(jobs.map((job) => job.id)).toEqual(before);
  });

  it('reports aria-sort for each header', () => {
    const sort: JobSort = { key: 'division', direction: 'desc' };
    expect(ariaSort(sort, 'division')).toBe('descending');
    expect(ariaSort(sort, 'title')).toBe('none');
    expect(ariaSort(initialJobSort, 'title')).toBe('ascending');
  });
});
