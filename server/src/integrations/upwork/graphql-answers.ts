import { z } from 'zod';

/**
 * The shapes of Upwork's GraphQL answers, checked when they arrive: code past the client sees
 * only answers that match. Upwork leaves out or nulls fields freely, so every field we can do
 * without reads as null when it is missing; only what identifies a job or a page is required.
 */

/** A field Upwork may omit or null: always null in what we read. */
function optional<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((value) => value ?? null);
}

/** Upwork's Money: a decimal string, with its currency when Upwork sends one. */
export const moneySchema = z.object({
  rawValue: z.union([z.string(), z.number()]).transform(String),
  currency: z.string().nullish(),
});
export type Money = z.output<typeof moneySchema>;

const countSchema = optional(z.number());

export const upworkJobNodeSchema = z.object({
  id: z.string(),
  ciphertext: optional(z.string()),
  title: z.string(),
  description: optional(z.string()),
  publishedDateTime: optional(z.string()),
  experienceLevel: optional(z.string()),
  amount: optional(moneySchema),
  hourlyBudgetType: optional(z.string()),
  hourlyBudgetMin: optional(moneySchema),
  hourlyBudgetMax: optional(moneySchema),
  totalApplicants: countSchema,
  applied: optional(z.boolean()),
  skills: optional(z.array(z.object({ name: z.string(), prettyName: optional(z.string()) }))),
  category: optional(z.string()),
  subcategory: optional(z.string()),
  client: optional(
    z.object({
      totalHires: countSchema,
      totalPostedJobs: countSchema,
      totalReviews: countSchema,
      totalFeedback: countSchema,
      totalSpent: optional(moneySchema),
      verificationStatus: optional(z.string()),
      location: optional(z.object({ country: optional(z.string()) })),
    }),
  ),
});
export type UpworkJobNode = z.output<typeof upworkJobNodeSchema>;

export const jobSearchPageSchema = z.object({
  totalCount: z.number(),
  pageInfo: z.object({ hasNextPage: z.boolean(), endCursor: optional(z.string()) }),
  edges: z.array(z.object({ cursor: z.string(), node: upworkJobNodeSchema })),
});
export type JobSearchPage = z.output<typeof jobSearchPageSchema>;

export const jobSearchAnswerSchema = z.object({
  marketplaceJobPostingsSearch: optional(jobSearchPageSchema),
});

export const upworkJobPostingSchema = z.object({
  id: z.string(),
  content: optional(z.object({ title: z.string(), description: optional(z.string()) })),
  contractTerms: optional(
    z.object({
      contractType: optional(z.string()),
      experienceLevel: optional(z.string()),
      personsToHire: countSchema,
      hourlyContractTerms: optional(
        z.object({
          engagementType: optional(z.string()),
          hourlyBudgetMin: countSchema,
          hourlyBudgetMax: countSchema,
        }),
      ),
    }),
  ),
  contractorSelection: optional(
    z.object({
      proposalRequirement: optional(
        z.object({
          coverLetterRequired: optional(z.boolean()),
          screeningQuestions: optional(
            z.array(z.object({ sequenceNumber: z.number(), question: z.string() })),
          ),
        }),
      ),
    }),
  ),
  clientCompanyPublic: optional(
    z.object({
      city: optional(z.string()),
      country: optional(z.object({ name: optional(z.string()) })),
      paymentVerification: optional(z.object({ paymentVerified: optional(z.boolean()) })),
    }),
  ),
});
export type UpworkJobPosting = z.output<typeof upworkJobPostingSchema>;

export const jobPostingAnswerSchema = z.object({
  marketplaceJobPosting: optional(upworkJobPostingSchema),
});

export const upworkMeSchema = z.object({
  user: optional(
    z.object({ id: z.string(), name: optional(z.string()), email: optional(z.string()) }),
  ),
  organization: optional(
    z.object({ id: z.string(), name: optional(z.string()), type: optional(z.string()) }),
  ),
  companySelector: optional(
    z.object({
      items: z.array(
        z.object({
          title: z.string(),
          organizationId: z.string(),
          typeTitle: z.string().nullish(),
        }),
      ),
    }),
  ),
});
export type UpworkMe = z.output<typeof upworkMeSchema>;

/** The GraphQL envelope: `errors[]` may come with HTTP 200, and then it is a failure. */
export const graphqlEnvelopeSchema = z.object({
  data: z.unknown().optional(),
  errors: z
    .array(
      // An error we cannot read still counts as an error, just without a message.
      z.object({ message: z.string().optional().catch(undefined) }).catch({}),
    )
    .optional(),
});
