import type { Metrics } from '../metrics';

/**
 * The git record's gauges, read from the release rows when Prometheus scrapes: the same on every
 * instance of one database, so alerts take their max. A server without CONTENT_GIT_DIR keeps no
 * record, so nothing is behind it: both read 0.
 */
export function watchContentRecord(
  metrics: Metrics,
  record: { behind: () => Promise<{ count: number; oldest: string | null }> } | undefined,
  now: () => Date,
): void {
  const behind = async () => (record ? record.behind() : { count: 0, oldest: null });
  metrics.gauge(
    'telmed_content_record_behind_releases',
    'Content releases not yet committed to the git record, or (with CONTENT_GIT_REMOTE) not yet pushed.',
    [],
    async (gauge) => {
      gauge.set((await behind()).count);
    },
  );
  metrics.gauge(
    'telmed_content_record_oldest_behind_seconds',
    'Age of the oldest content release not yet committed or pushed (0 when none is behind).',
    [],
    async (gauge) => {
      const { oldest } = await behind();
      const at = oldest ? Date.parse(oldest) : Number.NaN;
      gauge.set(Number.isNaN(at) ? 0 : Math.max(0, (now().getTime() - at) / 1000));
    },
  );
}
