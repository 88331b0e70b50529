// Reads one CSV file off the API's event loop (started by csv-import.ts). Plain JavaScript on
// purpose: it loads the same way under node, tsx and vitest, with no TypeScript loader.
//
// workerData: { csv, delimiter, maxRows, maxErrorsPerRow, maxErrors }
// posts back: { fields, rowCount, data, errors, rowsWithErrors }
// - data holds the records only when there are at most maxRows of them (a longer file is refused
//   whole, so its rows are not copied back);
// - errors are { row, message }: at most maxErrorsPerRow per row and maxErrors in all, because a
//   crafted file can raise millions and every object posted back is copied onto the event loop;
// - rowsWithErrors lists every record the reader found a problem in, messages kept or not.
import { parentPort, workerData } from 'node:worker_threads';

import Papa from 'papaparse';

const { csv, delimiter, maxRows, maxErrorsPerRow, maxErrors } = workerData;

// The delimiter is given, so the reader never guesses it (guessing re-reads the whole file).
const parsed = Papa.parse(csv, { header: true, skipEmptyLines: 'greedy', delimiter });
const rowCount = parsed.data.length;
const withinLimit = rowCount <= maxRows;

const errors = [];
const perRow = new Map();
for (const error of parsed.errors) {
  if (typeof error.row !== 'number') continue;
  const count = perRow.get(error.row) ?? 0;
  perRow.set(error.row, count + 1);
  if (count < maxErrorsPerRow && errors.length < maxErrors) {
    errors.push({ row: error.row, message: error.message });
  }
}

parentPort.postMessage({
  fields: parsed.meta.fields ?? [],
  rowCount,
  data: withinLimit ? parsed.data : [],
  errors: withinLimit ? errors : [],
  rowsWithErrors: withinLimit ? [...perRow.keys()] : [],
});
