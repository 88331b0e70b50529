/**
 * The soak: the per-user mixed workload at half the capacity just measured, for
 * BENCH_SOAK_MINUTES (default 30), on PostgreSQL when a URL is set (else PGlite). The API's
 * resident memory is read every 10 s and the latency taken per minute. V8 sizes its heap to the
 * load during the first minutes, so both are compared from the end of a warm-up (5 minutes, or a
 * sixth of a shorter run) to the end: memory may grow by at most 10%, the p99 (median of three
 * minutes) may drift by at most 20%, and no request may fail. Runs only when named: `npm run bench -- soak`.
 */
import { readFileSync } from 'node:fs';

import autocannon from 'autocannon';

import { createUsers, onePerConnection } from './mixed-workload.ts';
import { formatNumber, load, median, printTable, type BenchSection } from './support.ts';

const SAMPLE_EVERY_MS = 10_000;
const GROWTH_BUDGET = 0.1;
const DRIFT_BUDGET = 0.2;

/** One stretch of the soak: its p99 latency (ms), requests and failures. */
type Segment = { endedAt: number; p99: number; requests: number; errors: number };

/** Resident memory of a process in bytes, from /proc (Linux). */
function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const line = status.split('\n').find((entry) => entry.startsWith('VmRSS:'));
  const kilobytes = Number(line?.slice('VmRSS:'.length).trim().split(' ')[0]);
  return Number.isFinite(kilobytes) ? kilobytes * 1024 : Number.NaN;
}

const mb = (bytes: number) => `${formatNumber(bytes / 1024 / 1024)} MB`;

const section: BenchSection = {
  name: 'soak',
  description: `the per-user mix at half capacity for BENCH_SOAK_MINUTES (default 30): RSS growth <= 10%, p99 drift <= 20%, 0 errors`,
  explicitOnly: true,
  async run(context) {
    const minutes = Number(process.env.BENCH_SOAK_MINUTES ?? 30);
    if (!(minutes > 0)) throw new Error('BENCH_SOAK_MINUTES must be a positive number');
    const engines = context.engines();
    const engine = engines.find((candidate) => candidate.databaseUrl) ?? engines[0];
    if (!engine) throw new Error('No engine to soak');
    const emulatorHost = await context.emulatorHost();
    const api = await context.startApi(engine);
    try {
      const pid = api.process.child.pid;
      if (pid === undefined) throw new Error('The API has no process id');
      const users = await createUsers(api.url, emulatorHost, context.connections);
      const capacity = await load({
        label: 'capacity',
        url: api.url,
        setupClient: onePerConnection(users),
        connections: context.connections,
        durationSeconds: context.durationSeconds,
      });
      const rate = Math.max(1, Math.floor(capacity.requestsPerSecond / 2));
      const durationSeconds = Math.round(minutes * 60);
      const warmUpMs = Math.min(300_000, (durationSeconds * 1000) / 6);
      // One-minute segments (a tenth of shorter runs) give the latency over time.
      const segmentSeconds = Math.max(1, Math.min(60, Math.round(durationSeconds / 10)));
      const started = Date.now();
      const samples: Array<{ at: number; bytes: number }> = [];
      const segments: Segment[] = [];
      const sampler = setInterval(
        () => samples.push({ at: Date.now() - started, bytes: residentBytes(pid) }),
        SAMPLE_EVERY_MS,
      );
      console.log(
        `  soaking at ${formatNumber(rate)} req/s for ${minutes} min (capacity ${formatNumber(capacity.requestsPerSecond)} req/s)…`,
      );
      try {
        while (Date.now() - started < durationSeconds * 1000) {
          const result = await autocannon({
            url: api.url,
            connections: context.connections,
            duration: segmentSeconds,
            overallRate: rate,
            timeout: 10,
            setupClient: onePerConnection(users),
          });
          segments.push({
            endedAt: Date.now() - started,
            p99: result.latency.p99,
            requests: result.requests.total,
            errors: result.errors + result.non2xx + result.timeouts,
          });
        }
      } finally {
        clearInterval(sampler);
      }
      const elapsedSeconds = (Date.now() - started) / 1000;
      samples.push({ at: Date.now() - started, bytes: residentBytes(pid) });
      const baseline = samples.find((sample) => sample.at >= warmUpMs) ?? samples[0]!;
      const last = samples.at(-1)!;
      const peak = Math.max(...samples.map((sample) => sample.bytes));
      const growth = (last.bytes - baseline.bytes) / baseline.bytes;
      const requests = segments.reduce((sum, segment) => sum + segment.requests, 0);
      const errors = segments.reduce((sum, segment) => sum + segment.errors, 0);
      const settled = segments.filter((segment) => segment.endedAt > warmUpMs);
      const early = median(settled.slice(0, 3).map((segment) => segment.p99));
      const late = median(settled.slice(-3).map((segment) => segment.p99));
      const drift = early > 0 ? (late - early) / early : 0;
      const passed = growth <= GROWTH_BUDGET && drift <= DRIFT_BUDGET && errors === 0;
      printTable(
        `Soak: ${context.connections} connections, one user each, ${minutes} min at half the measured capacity (budget after the warm-up: RSS growth <= 10%, p99 drift <= 20%; 0 errors)`,
        [
          'engine',
          'capacity',
          'target',
          'achieved',
          'p99 early / late',
          'drift',
          'requests',
          'errors',
          `RSS at ${formatNumber(baseline.at / 1000)} s`,
          'RSS end',
          'RSS peak',
          'growth',
          '',
        ],
        [
          [
            engine.name,
            `${formatNumber(capacity.requestsPerSecond)} req/s`,
            `${formatNumber(rate)} req/s`,
            `${formatNumber(requests / elapsedSeconds)} req/s`,
            `${formatNumber(early)} / ${formatNumber(late)} ms`,
            `${formatNumber(drift * 100, 1)}%`,
            formatNumber(requests),
            formatNumber(errors),
            mb(baseline.bytes),
            mb(last.bytes),
            mb(peak),
            `${formatNumber(growth * 100, 1)}%`,
            passed ? 'pass' : 'FAIL',
          ],
        ],
      );
      console.log(
        `  p99 per segment (${segmentSeconds} s): ${segments.map((segment) => formatNumber(segment.p99)).join(' ')} ms`,
      );
      if (!passed) throw new Error('the soak exceeded its budget');
    } finally {
      await api.stop();
    }
  },
};

export default section;
