import { formatRate } from '@/components/analytics/format';
import { cellClass, Table } from '@/components/ui/table';
import type { Calibration } from '@/contract/response-analytics';

import { ownRatesStatus } from './compare-text';
import { Panel } from './panel';

const COLUMNS = [
  { key: 'bucket', label: 'Fit score' },
  { key: 'sent', label: 'Sent' },
  { key: 'replyRate', label: 'Reply rate' },
  { key: 'hireRate', label: 'Hire rate' },
  { key: 'modelHireRate', label: "Model's hire chance" },
] as const;

/**
 * "Does the fit score predict replies?": reply and hire rates per fit bucket over every send,
 * beside the hire chance the built-in model gave (when the jobs were scored), and whether worth per Connect on Browse Jobs
 * already uses the user's own rates.
 */
export function CalibrationPanel({ calibration }: { calibration: Calibration }) {
  // Jobs saved before they were scored carry no model estimate: without one the column goes.
  const hasModel = calibration.rows.some((row) => row.modelHireRate !== null);
  const columns = hasModel ? COLUMNS : COLUMNS.filter((column) => column.key !== 'modelHireRate');
  return (
    <Panel
      title="Does the fit score predict replies?"
      description="Every response you have sent with a fit score, by fit score when it was sent."
    >
      <p className="mb-3 text-sm font-medium text-slate-900 dark:text-slate-100">
        {calibration.summary}
      </p>
      <Table caption="Reply and hire rate by fit score, all time" columns={columns}>
        {calibration.rows.map((row) => (
          <tr key={row.bucket}>
            <th scope="row" className={`${cellClass} font-medium`}>
              {row.bucket}
            </th>
            <td className={cellClass}>{row.sent.toLocaleString()}</td>
            <td className={cellClass}>{formatRate(row.replyRate)}</td>
            <td className={cellClass}>{formatRate(row.hireRate)}</td>
            {hasModel ? <td className={cellClass}>{formatRate(row.modelHireRate)}</td> : null}
          </tr>
        ))}
      </Table>
      <p className="mt-3 text-sm text-slate-700 dark:text-slate-200">
        {ownRatesStatus(calibration)}
      </p>
    </Panel>
  );
}
