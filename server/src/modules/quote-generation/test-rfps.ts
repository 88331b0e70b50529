import { readFileSync } from 'node:fs';

/** The sample RFPs in tests/fixtures/rfps, read once per test file. */
export const RFP_NAMES = [
  'ecommerce-redesign',
  'nonprofit-portal',
  'analytics-dashboard',
  'clinic-booking-platform',
] as const;
export type RfpName = (typeof RFP_NAMES)[number];

export function readRfp(name: RfpName): string {
  return readFileSync(
    new URL(`../../../../tests/fixtures/rfps/${name}.txt`, import.meta.url),
    'utf8',
  );
}

/** Whitespace collapsed, for finding a requirement's sentence in the RFP it came from. */
export const flat = (text: string) => text.split(/\s+/).filter(Boolean).join(' ');
