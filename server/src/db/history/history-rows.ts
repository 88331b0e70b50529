import type { jobs } from '../schema/jobs.ts';
import type { clients, contracts, leadEvents, leadLinks, leads } from '../schema/leads.ts';
import type { messageRooms, messages } from '../schema/messages.ts';
import type { portfolioItems } from '../schema/portfolio.ts';
import type {
  quoteShares,
  quoteSignatures,
  quoteStatusEvents,
  quoteViews,
  quotes,
} from '../schema/quotes.ts';
import type { responseCitations, responseStatusEvents, responses } from '../schema/responses.ts';
import type { templates } from '../schema/templates.ts';
import type { transactions } from '../schema/transactions.ts';

/**
 * A user's generated history as plain insert rows, every id and time set, in the order the
 * foreign keys need. Share links carry no token: the inserter makes a fresh secret one per link,
 * sealed with the server's key, so a link can never be guessed from the seed.
 */
export type HistoryQuoteShare = Omit<
  typeof quoteShares.$inferInsert,
  'tokenHash' | 'tokenEncrypted'
> & { id: string };

type Row<T extends { $inferInsert: unknown }> = T['$inferInsert'] & { id: string };

export type HistoryRows = {
  userId: string;
  templates: Row<typeof templates>[];
  portfolioItems: Row<typeof portfolioItems>[];
  jobs: Row<typeof jobs>[];
  responses: Row<typeof responses>[];
  responseStatusEvents: Row<typeof responseStatusEvents>[];
  responseCitations: Array<typeof responseCitations.$inferInsert>;
  leads: Row<typeof leads>[];
  leadEvents: Row<typeof leadEvents>[];
  leadLinks: Row<typeof leadLinks>[];
  clients: Row<typeof clients>[];
  contracts: Row<typeof contracts>[];
  quotes: Row<typeof quotes>[];
  quoteStatusEvents: Row<typeof quoteStatusEvents>[];
  quoteShares: HistoryQuoteShare[];
  quoteViews: Row<typeof quoteViews>[];
  quoteSignatures: Row<typeof quoteSignatures>[];
  transactions: Row<typeof transactions>[];
  messageRooms: Row<typeof messageRooms>[];
  messages: Row<typeof messages>[];
};

export type HistoryTable = Exclude<keyof HistoryRows, 'userId'>;

/** The tables in insert order: every row's foreign keys point at rows of earlier tables. */
export const HISTORY_TABLES: readonly HistoryTable[] = [
  'templates',
  'portfolioItems',
  'jobs',
  'responses',
  'responseStatusEvents',
  'responseCitations',
  'leads',
  'leadEvents',
  'leadLinks',
  'clients',
  'contracts',
  'quotes',
  'quoteStatusEvents',
  'quoteShares',
  'quoteViews',
  'quoteSignatures',
  'transactions',
  'messageRooms',
  'messages',
];

export type HistorySize = 'demo' | 'agency-member';

/** How much one user's year holds at each size. */
export const HISTORY_SIZES: Record<
  HistorySize,
  { sentResponses: number; drafts: number; quotes: number; transactions: number; newJobs: number }
> = {
  demo: { sentResponses: 300, drafts: 6, quotes: 40, transactions: 400, newJobs: 15 },
  'agency-member': {
    sentResponses: 2_000,
    drafts: 20,
    quotes: 400,
    transactions: 4_000,
    newJobs: 40,
  },
};
