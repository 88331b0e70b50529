import { z } from 'zod';

import { moneySchema } from './graphql-answers.ts';

/**
 * The shapes of Upwork's answers to the CRM operations (rooms, stories, proposals, contracts,
 * transaction history), checked when they arrive. As with jobs, every field we can do without
 * reads as null when Upwork leaves it out; only ids (and a story's time) are required.
 */

function optional<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((value) => value ?? null);
}

const text = optional(z.string());
/** Upwork writes times as ISO strings or as epoch milliseconds, sometimes as numbers. */
const timeText = z.union([z.string(), z.number()]).transform(String);

const pageInfoSchema = z.object({
  hasNextPage: optional(z.boolean()),
  endCursor: text,
});

const genericUserSchema = z.object({ id: z.string(), name: text });

export const storyNodeSchema = z.object({
  id: z.string(),
  message: text,
  createdDateTime: timeText,
  user: optional(genericUserSchema),
});
export type StoryNode = z.output<typeof storyNodeSchema>;

export const roomNodeSchema = z.object({
  id: z.string(),
  roomName: text,
  roomType: text,
  numUnread: optional(z.number()),
  contractId: text,
  vendorProposal: optional(z.object({ id: z.string() })),
  roomUsers: optional(
    z.array(
      z.object({ user: optional(genericUserSchema), role: text }).catch({
        user: null,
        role: null,
      }),
    ),
  ),
  latestStory: optional(
    z.object({ id: z.string(), message: text, createdDateTime: optional(timeText) }),
  ),
});
export type RoomNode = z.output<typeof roomNodeSchema>;

export const roomListAnswerSchema = z.object({
  roomList: optional(
    z.object({
      totalCount: optional(z.number()),
      pageInfo: optional(pageInfoSchema),
      edges: optional(z.array(z.object({ node: optional(roomNodeSchema) }))),
    }),
  ),
});

export const roomStoriesAnswerSchema = z.object({
  roomStories: optional(
    z.object({
      pageInfo: optional(pageInfoSchema),
      edges: optional(z.array(z.object({ node: optional(storyNodeSchema) }))),
    }),
  ),
});

export const createStoryAnswerSchema = z.object({
  createRoomStoryV2: optional(z.object({ id: z.string(), createdDateTime: optional(timeText) })),
});

export const vendorProposalNodeSchema = z.object({
  id: z.string(),
  status: optional(z.object({ status: text })),
  auditDetails: optional(z.object({ createdDateTime: optional(timeText) })),
  marketplaceJobPosting: optional(z.object({ id: z.string() })),
});
export type VendorProposalNode = z.output<typeof vendorProposalNodeSchema>;

export const vendorProposalsAnswerSchema = z.object({
  vendorProposals: optional(
    z.object({
      totalCount: optional(z.number()),
      pageInfo: optional(pageInfoSchema),
      edges: optional(z.array(z.object({ node: optional(vendorProposalNodeSchema) }))),
    }),
  ),
});

export const contractNodeSchema = z.object({
  id: z.string(),
  title: text,
  status: text,
  startDate: optional(timeText),
  offerId: text,
  job: optional(z.object({ id: z.string() })),
  clientOrganization: optional(z.object({ id: text, name: text })),
  terms: optional(
    z.object({
      fixedPriceTerms: optional(z.array(z.object({ fixedAmount: optional(moneySchema) }))),
      hourlyTerms: optional(z.array(z.object({ hourlyRate: optional(moneySchema) }))),
    }),
  ),
});
export type ContractNode = z.output<typeof contractNodeSchema>;

export const vendorContractsAnswerSchema = z.object({
  vendorContracts: optional(
    z.object({
      paging: optional(z.object({ limit: optional(z.number()), offset: optional(z.number()) })),
      contracts: optional(z.array(contractNodeSchema)),
    }),
  ),
});

export const transactionRowSchema = z.object({
  recordId: optional(z.union([z.string(), z.number()]).transform(String)),
  transactionCreationDate: optional(timeText),
  type: text,
  accountingSubtype: text,
  description: text,
  descriptionUI: text,
  transactionAmount: optional(moneySchema),
  paymentStatus: text,
  assignmentCompanyName: text,
});
export type TransactionRowNode = z.output<typeof transactionRowSchema>;

export const transactionHistoryAnswerSchema = z.object({
  transactionHistory: optional(
    z.object({
      transactionDetail: optional(
        z.object({ transactionHistoryRow: optional(z.array(transactionRowSchema)) }),
      ),
    }),
  ),
});
