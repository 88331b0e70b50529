import type { z } from 'zod';

import { SCOPE_ERROR_PATTERN, UpworkError, scopeErrorMessage } from './errors.ts';
import {
  graphqlEnvelopeSchema,
  jobPostingAnswerSchema,
  jobSearchAnswerSchema,
  upworkMeSchema,
  type JobSearchPage,
  type UpworkJobPosting,
  type UpworkMe,
} from './graphql-answers.ts';
import { USER_AGENT } from './oauth.ts';
import type { RateLimiter } from './rate-limiter.ts';

/**
 * A typed client for the few Upwork GraphQL operations Browse Jobs needs (docs/upwork.md):
 * - `errors[]` on HTTP 200 is a failure (a missing scope becomes an actionable message);
 * - 401 refreshes the token once and retries;
 * - 429 waits for Retry-After (a short one is retried, a long one is reported);
 * - every request passes one shared limiter (per instance, ~10 requests/s per IP).
 */

/** Upwork's `MarketplaceJobPostingsSearchFilter` input; only the fields we send. */
export type JobSearchFilter = {
  searchExpression_eq?: string;
  skillExpression_eq?: string;
  jobType_eq?: 'HOURLY' | 'FIXED';
  budgetRange_eq?: { rangeStart?: number; rangeEnd?: number };
  hourlyRate_eq?: { rangeStart?: number; rangeEnd?: number };
  experienceLevel_eq?: 'ENTRY_LEVEL' | 'INTERMEDIATE' | 'EXPERT';
  clientHiresRange_eq?: { rangeStart?: number; rangeEnd?: number };
  verifiedPaymentOnly_eq?: boolean;
  proposalRange_eq?: { rangeStart?: number; rangeEnd?: number };
  pagination_eq?: { first: number; after?: string };
};

export const JOB_SEARCH_QUERY = `query JobSearch($filter: MarketplaceJobPostingsSearchFilter) {
  marketplaceJobPostingsSearch(marketPlaceJobFilter: $filter, searchType: USER_JOBS_SEARCH, sortAttributes: [{ field: RECENCY }]) {
    totalCount
    pageInfo { hasNextPage endCursor }
    edges { cursor node { id ciphertext title description publishedDateTime experienceLevel
      amount { rawValue currency } hourlyBudgetType hourlyBudgetMin { rawValue currency } hourlyBudgetMax { rawValue currency }
      totalApplicants applied skills { name prettyName } category subcategory
      client { totalHires totalPostedJobs totalReviews totalFeedback totalSpent { rawValue currency }
        verificationStatus location { country } } } }
  }
}`;

export const JOB_POSTING_QUERY = `query JobPosting($id: ID!) {
  marketplaceJobPosting(id: $id) { id content { title description }
    contractTerms { contractType experienceLevel personsToHire
      hourlyContractTerms { engagementType hourlyBudgetMin hourlyBudgetMax } }
    contractorSelection { proposalRequirement { coverLetterRequired screeningQuestions { sequenceNumber question } } }
    clientCompanyPublic { city country { name } paymentVerification { paymentVerified } } }
}`;

export const ME_QUERY = `query Me {
  user { id name email }
  organization { id name type }
  companySelector { items { title organizationId typeTitle } }
}`;

/** Where the client gets its access token; the caller owns storage and refresh. */
export type UpworkSession = {
  accessToken: () => Promise<string>;
  /** Forces a refresh (after a 401) and returns the new access token. */
  refresh: () => Promise<string>;
  tenantId?: string | null;
};

export type GraphqlClientOptions = {
  url: string;
  session: UpworkSession;
  limiter: RateLimiter;
  fetch?: typeof fetch;
  /** Retry-After longer than this is reported instead of waited for. */
  maxWaitSeconds?: number;
  timeoutMs?: number;
};

/**
 * The `data` of a 200 answer, checked against its operation's shape. `errors[]` on a 200 is a
 * failure; a missing scope among them becomes a message that says which one to grant.
 */
async function readAnswer<T extends z.ZodType>(
  response: Response,
  answer: T,
  scopes?: string,
): Promise<z.output<T>> {
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new UpworkError('server', 'Upwork sent an answer that is not JSON. Try again later.');
  }
  const body = graphqlEnvelopeSchema.safeParse(json);
  if (!body.success) throw unexpectedAnswer();
  const { data, errors } = body.data;
  if (errors && errors.length > 0) {
    const messages = errors.map((e) => e.message ?? '').filter(Boolean);
    const scope = messages.find((m) => SCOPE_ERROR_PATTERN.test(m));
    if (scope) throw new UpworkError('scope', scopeErrorMessage(scope, scopes));
    throw new UpworkError(
      'graphql',
      `Upwork could not run the query: ${(messages[0] ?? 'unknown error').slice(0, 300)}`,
    );
  }
  if (!data) throw new UpworkError('graphql', 'Upwork answered without data.');
  const parsed = answer.safeParse(data);
  if (!parsed.success) throw unexpectedAnswer();
  return parsed.data;
}

/** An answer that does not match the shape of its operation: Upwork changed, or something broke. */
function unexpectedAnswer(): UpworkError {
  return new UpworkError('graphql', 'Upwork sent an answer in a shape Bidwright does not know.');
}

export function parseRetryAfter(value: string | null, now = Date.now()): number {
  if (!value) return 1;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? 1 : Math.max(0, Math.ceil((date - now) / 1000));
}

export class UpworkGraphqlClient {
  private readonly doFetch: typeof fetch;

  constructor(private readonly options: GraphqlClientOptions) {
    this.doFetch = options.fetch ?? fetch;
  }

  /**
   * Runs one operation; its `data` is checked against `answer` before anyone reads it. `scopes`
   * names the key permissions the operation needs, for the message when one is missing.
   */
  async request<T extends z.ZodType>(
    answer: T,
    query: string,
    variables: Record<string, unknown> = {},
    scopes?: string,
  ): Promise<z.output<T>> {
    let refreshed = false;
    let rateLimitedRetries = 0;
    let token = await this.options.session.accessToken();
    const maxWaitSeconds = this.options.maxWaitSeconds ?? 10;
    for (;;) {
      // Upwork asked everyone on this IP to wait: a long wait is reported, not slept through.
      const paused = this.options.limiter.pausedFor() / 1000;
      if (paused > maxWaitSeconds) {
        throw new UpworkError(
          'rate_limited',
          `Upwork is rate limiting requests; try again in ${Math.ceil(paused)} s.`,
          Math.ceil(paused),
        );
      }
      await this.options.limiter.take();
      let response: Response;
      try {
        const headers: Record<string, string> = {
          'content-type': 'application/json',
          accept: 'application/json',
          authorization: `Bearer ${token}`,
          'user-agent': USER_AGENT,
        };
        if (this.options.session.tenantId)
          headers['x-upwork-api-tenantid'] = this.options.session.tenantId;
        response = await this.doFetch(this.options.url, {
          method: 'POST',
          headers,
          body: JSON.stringify({ query, variables }),
          signal: AbortSignal.timeout(this.options.timeoutMs ?? 20_000),
        });
      } catch {
        throw new UpworkError('network', 'Upwork could not be reached. Try again in a minute.');
      }

      if (response.status === 401) {
        await response.body?.cancel();
        if (refreshed) {
          throw new UpworkError(
            'unauthorized',
            'Upwork rejected the connection even after a refresh. Connect Upwork again.',
          );
        }
        refreshed = true;
        token = await this.options.session.refresh();
        continue;
      }
      if (response.status === 429) {
        await response.body?.cancel();
        const wait = parseRetryAfter(response.headers.get('retry-after'));
        this.options.limiter.pauseFor(wait * 1000);
        if (wait <= maxWaitSeconds && rateLimitedRetries < 2) {
          rateLimitedRetries += 1;
          continue;
        }
        throw new UpworkError(
          'rate_limited',
          `Upwork is rate limiting requests; try again in ${Math.max(1, Math.round(wait))} s.`,
          wait,
        );
      }
      if (response.status >= 500) {
        await response.body?.cancel();
        throw new UpworkError(
          'server',
          'Upwork had an internal error. Try again in a few minutes.',
        );
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new UpworkError('graphql', `Upwork refused the request (HTTP ${response.status}).`);
      }
      return readAnswer(response, answer, scopes);
    }
  }

  async searchJobs(filter: JobSearchFilter): Promise<JobSearchPage> {
    const data = await this.request(jobSearchAnswerSchema, JOB_SEARCH_QUERY, { filter });
    if (!data.marketplaceJobPostingsSearch)
      throw new UpworkError('graphql', 'Upwork returned no search result.');
    return data.marketplaceJobPostingsSearch;
  }

  async getJob(id: string): Promise<UpworkJobPosting | null> {
    const data = await this.request(jobPostingAnswerSchema, JOB_POSTING_QUERY, { id });
    return data.marketplaceJobPosting;
  }

  me(): Promise<UpworkMe> {
    return this.request(upworkMeSchema, ME_QUERY);
  }
}
