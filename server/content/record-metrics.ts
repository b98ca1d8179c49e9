import type { Metrics } from '../metrics';

/**
 * The git record's gauges, read from the release rows when Prometheus scrapes: the same on every
 * instance of one database, so alerts take their max. Only a server with CONTENT_GIT_DIR has them.
 */
export function watchContentRecord(
  metrics: Metrics,
  record: { behind: () => Promise<{ count: number; oldest: string | null }> },
  now: () => Date,
): void {
  metrics.gauge(
    'telmed_content_record_behind_releases',
    'Content releases not yet committed to the git record, or (with CONTENT_GIT_REMOTE) not yet pushed.',
    [],
    async (gauge) => {
      gauge.set((await record.behind()).count);
    },
  );
  metrics.gauge(
    'telmed_content_record_oldest_behind_seconds',
    'Age of the oldest content release not yet committed or pushed (0 when none is behind).',
    [],
    async (gauge) => {
      const { oldest } = await record.behind();
      const at = oldest ? Date.parse(oldest) : Number.NaN;
      gauge.set(Number.isNaN(at) ? 0 : Math.max(0, (now().getTime() - at) / 1000));
    },
  );
}
