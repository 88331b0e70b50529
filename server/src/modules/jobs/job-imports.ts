import { createHash } from 'node:crypto';

import type { CsvImportResult, ManualJobBody, ParsedJob } from '#contract/jobs';

import type { Database } from '../../db/client.ts';
import type { JobRow } from '../../db/schema/jobs.ts';
import { HttpError } from '../../http-error.ts';
import { parseJobsCsv, summarizeRow } from './csv-import.ts';
import { scoringInput } from './job-rows.ts';
import { scoreKeyFor, scoringProfileFor, toNewJobRow } from './service.ts';
import { extractUpworkCiphertext, parseJobText } from './parse-job-text.ts';
import * as repo from './repo.ts';
import { scoreJob } from './scoring.ts';

/** Jobs the user brings in by hand: pasted text (preview or save) and CSV files. */

function manualExternalId(url: string | null, text: string): string {
  if (url) {
    const ciphertext = extractUpworkCiphertext(url);
    if (ciphertext) return `upwork:${ciphertext}`;
    return `url:${createHash('sha256').update(url.trim().toLowerCase()).digest('hex').slice(0, 32)}`;
  }
  const normalized = text.replace(/\s+/g, ' ').trim().toLowerCase();
  return `text:${createHash('sha256').update(normalized).digest('hex').slice(0, 32)}`;
}

export async function previewManualJob(
  db: Database,
  userId: string,
  body: ManualJobBody,
  now: Date,
) {
  const job = parseJobText({ text: body.text, url: body.url || undefined }, now);
  const profile = await scoringProfileFor(db, userId);
  return { job, score: scoreJob(scoringInput(job), profile, now) };
}

export async function saveManualJob(
  db: Database,
  userId: string,
  body: ManualJobBody,
  now: Date,
): Promise<{ row: JobRow; created: boolean }> {
  const job = parseJobText({ text: body.text, url: body.url || undefined }, now);
  const profile = await scoringProfileFor(db, userId);
  const externalId = manualExternalId(job.url, body.text);
  const values = toNewJobRow(
    userId,
    'manual',
    externalId,
    { ...job, ciphertext: job.url ? extractUpworkCiphertext(job.url) : null },
    profile,
    scoreKeyFor(profile),
    now,
  );
  const result = await repo.upsertJobRows(db, [values]);
  const row = await repo.getJobRow(db, userId, result.ids[0] ?? '');
  if (!row) throw new Error('manual job upsert returned nothing');
  return { row, created: result.created === 1 };
}

export async function importCsv(
  db: Database,
  userId: string,
  csv: string,
  dryRun: boolean,
  now: Date,
): Promise<CsvImportResult> {
  const parsed = await parseJobsCsv(csv);
  if (parsed.fileErrors.length > 0) {
    throw new HttpError(400, 'validation_failed', parsed.fileErrors.join(' '), {
      file: parsed.fileErrors,
    });
  }
  const rows = parsed.rows.map((row) => summarizeRow(row, null));
  const valid = parsed.rows.filter((row) => row.job !== null);
  let created = 0;
  let updated = 0;
  if (!dryRun && valid.length > 0) {
    const profile = await scoringProfileFor(db, userId);
    const key = scoreKeyFor(profile);
    const values = valid.map((row) => {
      const job = row.job as ParsedJob;
      const externalId = job.url
        ? manualExternalId(job.url, job.title)
        : `csv:${createHash('sha256').update(`${job.title}\n${job.description}`).digest('hex').slice(0, 32)}`;
      return toNewJobRow(userId, 'csv', externalId, job, profile, key, now);
    });
    // Two rows with the same key in one file: the later wins (one statement cannot upsert both).
    const unique = [...new Map(values.map((v) => [v.externalId, v])).values()];
    const result = await repo.upsertJobRows(db, unique);
    created = result.created;
    updated = result.updated;
  }
  return {
    rows,
    valid: valid.length,
    invalid: parsed.rows.length - valid.length,
    created,
    updated,
    dryRun,
  };
}
