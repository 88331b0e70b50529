import { LENGTH_LABELS, LENGTHS, TONE_LABELS, TONES } from '@/contract/profile';

/** The options of the profile editor's selects. */

export const CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'CHF', 'INR', 'PLN', 'UAH', 'BRL'];

export { LENGTH_LABELS, LENGTHS, TONE_LABELS, TONES };

/** Every IANA time zone the browser knows, with UTC first; `current` is kept even if unknown. */
export function timeZones(current: string): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const zones = ['UTC', ...known.filter((zone) => zone !== 'UTC')];
  return current && !zones.includes(current) ? [current, ...zones] : zones;
}

/** `current` first when the list lacks it, so a saved value always shows. */
export function withCurrent(values: readonly string[], current: string): string[] {
  return current && !values.includes(current) ? [current, ...values] : [...values];
}
