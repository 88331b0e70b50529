import type { QuoteStatus } from '@/contract/quotes';

/** A quote status as the analytics page names it (the quotes list uses the same words). */
export const QUOTE_STATUS_NAMES: Record<QuoteStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  viewed: 'Viewed',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
};
