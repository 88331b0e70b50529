import { SCOPE_ERROR_PATTERN, UpworkError, scopeErrorMessage } from './errors.ts';
import { USER_AGENT } from './oauth.ts';
import type { RateLimiter } from './rate-limiter.ts';

/**
 * A typed client for the few Upwork GraphQL operations Browse Jobs needs (upwork-api.md §2-§5):
 * - `errors[]` on HTTP 200 is a failure (a missing scope becomes an actionable message);
 * - 401 refreshes the token once and retries;
 * - 429 waits for Retry-After (a short one is retried, a long one is reported);
 * - every request passes one shared limiter (per instance, ~10 requests/s per IP).
 */

export type Money = { rawValue: string; currency?: string | null };

export type UpworkJobNode = {
  id: string;
  ciphertext: string | null;
  title: string;
  description: string | null;
  publishedDateTime: string | null;
  experienceLevel: string | null;
  amount: Money | null;
  hourlyBudgetType: string | null;
  hourlyBudgetMin: Money | null;
  hourlyBudgetMax: Money | null;
  totalApplicants: number | null;
  applied: boolean | null;
  skills: Array<{ name: string; prettyName: string | null }> | null;
  category: string | null;
  subcategory: string | null;
  client: {
    totalHires: number | null;
    totalPostedJobs: number | null;
    totalReviews: number | null;
    totalFeedback: number | null;
    totalSpent: Money | null;
    verificationStatus: string | null;
    location: { country: string | null } | null;
  } | null;
};

export type JobSearchPage = {
  totalCount: number;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  edges: Array<{ cursor: string; node: UpworkJobNode }>;
};

/** `MarketplaceJobPostingsSearchFilter` (upwork-api.md §3.2); only the fields we send. */
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

export type UpworkJobPosting = {
  id: string;
  content: { title: string; description: string | null } | null;
  contractTerms: {
    contractType: string | null;
    experienceLevel: string | null;
    personsToHire: number | null;
    hourlyContractTerms: {
      engagementType: string | null;
      hourlyBudgetMin: number | null;
      hourlyBudgetMax: number | null;
    } | null;
  } | null;
  contractorSelection: {
    proposalRequirement: {
      coverLetterRequired: boolean | null;
      screeningQuestions: Array<{ sequenceNumber: number; question: string }> | null;
    } | null;
  } | null;
  clientCompanyPublic: {
    city: string | null;
    country: { name: string | null } | null;
    paymentVerification: { paymentVerified: boolean | null } | null;
  } | null;
};

export type UpworkMe = {
  user: { id: string; name: string | null; email: string | null } | null;
  organization: { id: string; name: string | null; type: string | null } | null;
  companySelector: {
    items: Array<{ title: string; organizationId: string; typeTitle?: string | null }>;
  } | null;
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

type GraphqlResponse<T> = {
  data?: T | null;
  errors?: Array<{ message?: string; extensions?: { classification?: string } }>;
};

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

  async request<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
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
      let body: GraphqlResponse<T>;
      try {
        body = (await response.json()) as GraphqlResponse<T>;
      } catch {
        throw new UpworkError('server', 'Upwork sent an answer that is not JSON. Try again later.');
      }
      if (body.errors && body.errors.length > 0) {
        const messages = body.errors.map((e) => e.message ?? '').filter(Boolean);
        const scope = messages.find((m) => SCOPE_ERROR_PATTERN.test(m));
        if (scope) throw new UpworkError('scope', scopeErrorMessage(scope));
        throw new UpworkError(
          'graphql',
          `Upwork could not run the query: ${(messages[0] ?? 'unknown error').slice(0, 300)}`,
        );
      }
      if (!body.data) throw new UpworkError('graphql', 'Upwork answered without data.');
      return body.data;
    }
  }

  async searchJobs(filter: JobSearchFilter): Promise<JobSearchPage> {
    const data = await this.request<{ marketplaceJobPostingsSearch: JobSearchPage | null }>(
      JOB_SEARCH_QUERY,
      {
        filter,
      },
    );
    if (!data.marketplaceJobPostingsSearch)
      throw new UpworkError('graphql', 'Upwork returned no search result.');
    return data.marketplaceJobPostingsSearch;
  }

  async getJob(id: string): Promise<UpworkJobPosting | null> {
    const data = await this.request<{ marketplaceJobPosting: UpworkJobPosting | null }>(
      JOB_POSTING_QUERY,
      { id },
    );
    return data.marketplaceJobPosting;
  }

  me(): Promise<UpworkMe> {
    return this.request<UpworkMe>(ME_QUERY);
  }
}
