/** Conversions between what the filter inputs show and the filter values they stand for. */

/** Minor units shown as whole currency units; empty when unset. */
export function moneyValue(minor: number | undefined): string {
  return minor === undefined ? '' : String(Math.round(minor / 100));
}

/** A non-negative number read from an input; undefined when empty or not a number. */
function nonNegative(value: string): number | undefined {
  const n = Number(value);
  return value.trim() === '' || !Number.isFinite(n) || n < 0 ? undefined : n;
}

/** Whole currency units typed by the user, as minor units. */
export function toMinor(value: string): number | undefined {
  const n = nonNegative(value);
  return n === undefined ? undefined : Math.round(n) * 100;
}

/** A whole count typed by the user. */
export function toCount(value: string): number | undefined {
  const n = nonNegative(value);
  return n === undefined ? undefined : Math.floor(n);
}

/** A comma-separated list; undefined when it holds no item. */
export function toList(value: string): string[] | undefined {
  const items = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return items.length > 0 ? items : undefined;
}

/** A select's value, where the empty option means "not set". */
export function optionalChoice<T extends string>(value: string): T | undefined {
  return (value || undefined) as T | undefined;
}
