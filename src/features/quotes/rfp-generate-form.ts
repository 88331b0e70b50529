import { majorStringToMinor } from '@/contract/quote-totals';
import { generateQuoteBodySchema, type GenerateQuoteBody } from '@/contract/quotes-api';
import type { Profile } from '@/contract/profile';

/** What the generate form holds while the user fills it in. */
export type RfpFormValues = {
  rfpText: string;
  rfpFileName: string | null;
  jobId: string;
  templateId: string;
  currency: string;
  /** The hourly rate as typed, in major units ("85", "85.50"); blank leaves [Add: …] markers. */
  rate: string;
};

export type RfpFormErrors = Partial<Record<'rfpText' | 'currency' | 'rate', string>>;

/** Currencies the picker offers; the profile's currency is added when it is not among them. */
export const QUOTE_CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'CAD',
  'AUD',
  'NZD',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'INR',
  'JPY',
  'SGD',
  'AED',
  'ZAR',
  'BRL',
  'MXN',
] as const;

/**
 * The profile's rate as major units in its currency. The profile keeps rates in hundredths of the
 * currency, whatever its minor unit, so the conversion divides by 100 here.
 */
function profileRate(profile: Profile | undefined): string {
  if (profile?.hourlyRateMinor === null || profile?.hourlyRateMinor === undefined) return '';
  const major = profile.hourlyRateMinor / 100;
  return Number.isInteger(major) ? String(major) : major.toFixed(2);
}

export function initialRfpValues(profile: Profile | undefined, jobId: string): RfpFormValues {
  return {
    rfpText: '',
    rfpFileName: null,
    jobId,
    templateId: '',
    currency: profile?.currency ?? 'USD',
    rate: profileRate(profile),
  };
}

const UUID = generateQuoteBodySchema.shape.jobId.unwrap();

/** A UUID from the address (?responseId=, ?leadId=), or nothing when it is missing or malformed. */
export function uuidParam(value: string | null): string | undefined {
  return value && UUID.safeParse(value).success ? value : undefined;
}

/** The request body, or the message of each field the user must fix first. */
export function toGenerateBody(
  values: RfpFormValues,
  links: { responseId?: string | undefined; leadId?: string | undefined },
): { body: GenerateQuoteBody } | { errors: RfpFormErrors } {
  const errors: RfpFormErrors = {};
  const text = generateQuoteBodySchema.shape.rfpText.safeParse(values.rfpText);
  if (!text.success) errors.rfpText = text.error.issues[0]?.message ?? 'Add the RFP text.';
  const currency = generateQuoteBodySchema.shape.currency.safeParse(values.currency);
  if (!currency.success) errors.currency = 'Choose a currency.';
  const rateMinor = values.rate.trim() ? majorStringToMinor(values.rate, values.currency) : null;
  if (values.rate.trim() && rateMinor === null)
    errors.rate = 'Enter the rate as a number, such as 85 or 85.50, or leave it blank.';
  if (Object.keys(errors).length > 0) return { errors };
  return {
    body: {
      rfpText: values.rfpText,
      ...(values.rfpFileName ? { rfpFileName: values.rfpFileName } : {}),
      ...(values.jobId ? { jobId: values.jobId } : {}),
      ...(values.templateId ? { templateId: values.templateId } : {}),
      ...(links.responseId ? { responseId: links.responseId } : {}),
      ...(links.leadId ? { leadId: links.leadId } : {}),
      currency: values.currency,
      rateMinor,
    },
  };
}
