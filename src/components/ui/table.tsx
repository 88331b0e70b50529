import type { ReactNode } from 'react';

export type TableColumn = {
  key: string;
  label: ReactNode;
  /** Read out to screen readers only, e.g. a column of row actions or checkboxes. */
  labelHidden?: boolean;
};

export type TableProps = {
  /** Names the table for screen readers; shown above it unless `captionHidden`. */
  caption: ReactNode;
  captionHidden?: boolean;
  columns: readonly TableColumn[];
  /** The rows: `<tr>` elements with `<td className={cellClass}>` cells. */
  children: ReactNode;
  /** Classes of the table element, e.g. a minimum width before it scrolls sideways. */
  className?: string;
  /**
   * False renders the table without its scrolling box: for a table only screen readers get
   * (visually hidden), where a scrollable box nobody can see or focus would trap nothing but axe.
   */
  scrollBox?: boolean;
};

export const cellClass = 'px-3 py-2';

/**
 * A data table in a bordered box: the header stays in view while the rows scroll, and a table
 * wider than the screen scrolls sideways inside the box instead of widening the page. The box is
 * positioned so that screen-reader-only text in its cells (absolutely positioned) is clipped with
 * the rows; otherwise it would stretch the page sideways on a phone.
 */
export function Table({
  caption,
  captionHidden = true,
  columns,
  children,
  className = 'min-w-full',
  scrollBox = true,
}: TableProps) {
  const table = (
    <table
      className={`${className} divide-y divide-slate-200 text-left text-sm dark:divide-slate-700`}
    >
      <caption className={captionHidden ? 'sr-only' : 'px-3 py-2 text-left text-sm font-medium'}>
        {caption}
      </caption>
      <thead className="sticky top-0 z-10 bg-slate-50 dark:bg-slate-800">
        <tr>
          {columns.map((column) => (
            <th key={column.key} scope="col" className={cellClass}>
              {column.labelHidden ? <span className="sr-only">{column.label}</span> : column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200 bg-white dark:divide-slate-700 dark:bg-slate-900">
        {children}
      </tbody>
    </table>
  );
  if (!scrollBox) return table;
  return (
    <div className="relative max-h-[75vh] overflow-auto rounded-xl border border-slate-200 dark:border-slate-700">
      {table}
    </div>
  );
}
