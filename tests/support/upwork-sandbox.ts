import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import {
  generateSandboxJob,
  generateSandboxJobs,
  seededRandom,
  type SandboxJob,
} from './upwork-sandbox-jobs.ts';

/**
 * A local stand-in for Upwork (Upwork offers no sandbox, so we mock it; docs/upwork.md). It
 * speaks the same OAuth endpoints (authorize redirect, token exchange and refresh with rotating
 * refresh tokens, PKCE) and the GraphQL operations Browse Jobs uses (marketplaceJobPostingsSearch,
 * marketplaceJobPosting, the Me query, the freelancer's own profile), with Upwork's quirks: Money as strings, Relay pagination
 * with a stringified offset as cursor, errors on HTTP 200, 401 on expired tokens, 429 with
 * Retry-After. Tests drive the faults; `npm run demo` runs it as the demo's "Upwork".
 */

export type UpworkSandboxOptions = {
  port?: number;
  host?: string;
  seed?: number;
  jobCount?: number;
  now?: () => Date;
  clientId?: string;
  clientSecret?: string;
  accessTokenTtlSeconds?: number;
  /** Publish a new job this often (demo), so saved-search alerts have something to find. */
  newJobEverySeconds?: number;
};

export type SandboxFault = { status: number; retryAfter?: number; body?: unknown };

export type SandboxRequest = {
  path: string;
  operation: string | null;
  tenantId: string | null;
  userAgent: string | null;
  grantType?: string;
};

export type UpworkSandbox = {
  url: string;
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  graphqlUrl: string;
  jobs: SandboxJob[];
  requests: SandboxRequest[];
  /** Adds a job at the top of the feed (posted now). */
  publishJob: (overrides?: Partial<SandboxJob>) => SandboxJob;
  /** The next GraphQL (or token, with `target: 'token'`) requests answer with these faults. */
  failNext: (fault: SandboxFault, target?: 'graphql' | 'token') => void;
  /** While on, GraphQL answers the missing-scope error on HTTP 200. */
  setMissingScope: (on: boolean) => void;
  expireAccessTokens: () => void;
  revokeRefreshTokens: () => void;
  /** Tokens currently valid, for assertions (never logged by the app). */
  issuedTokens: () => { access: string[]; refresh: string[] };
  close: () => Promise<void>;
};

export const SANDBOX_USER = {
  id: 'sandbox-user-1',
  name: 'Dana Demo',
  email: 'dana.demo@example.com',
};
/** The sandbox freelancer's own Upwork profile (the `user.freelancerProfile` query). */
export const SANDBOX_FREELANCER_PROFILE = {
  personalData: {
    firstName: 'Dana',
    lastName: 'Demo',
    title: 'Full-stack TypeScript developer',
    description:
      'I build web apps end to end with React, Node.js and PostgreSQL, and ship them with tests.',
    chargeRate: { rawValue: '75.0', currency: 'USD' },
    address: { timezone: 'Europe/Lisbon' },
  },
  skills: {
    edges: ['React', 'TypeScript', 'Node.js', 'PostgreSQL'].map((prettyName) => ({
      node: { prettyName },
    })),
  },
};
export const SANDBOX_ORGANIZATIONS = [
  { title: 'Dana Demo', organizationId: '1111111111111111111', typeTitle: 'Freelancer' },
  { title: 'Demo Agency LLC', organizationId: '2222222222222222222', typeTitle: 'Agency' },
];

const SCOPE_ERROR = {
  message:
    "The client or authentication token doesn't have enough oauth2 permissions/scopes to access: [Money.currency, MarketplaceJobPosting.client]",
  extensions: { classification: 'ExecutionAborted' },
};

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > 1_000_000) reject(new Error('too large'));
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function send(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

type Range = { rangeStart?: number; rangeEnd?: number } | undefined;
const inRange = (value: number, range: Range) =>
  !range ||
  ((range.rangeStart === undefined || value >= range.rangeStart) &&
    (range.rangeEnd === undefined || value <= range.rangeEnd));

/** A small reading of Upwork's "partial Lucene" search expression: words, "phrases", OR, AND, NOT/-. */
export function matchesExpression(job: SandboxJob, expression: string): boolean {
  const haystack =
    `${job.title}\n${job.description}\n${job.skills.map((s) => s.prettyName).join(' ')}`.toLowerCase();
  const alternatives = expression.split(/\s+OR\s+|\s*\|\|\s*/);
  return alternatives.some((alternative) => {
    const tokens = alternative.match(/-?"[^"]*"|\S+/g) ?? [];
    let negate = false;
    let ok = true;
    for (const raw of tokens) {
      if (raw === 'AND' || raw === '&&') continue;
      if (raw === 'NOT') {
        negate = true;
        continue;
      }
      const exclude = negate || raw.startsWith('-');
      negate = false;
      const term = raw.replace(/^-/, '').replace(/^"|"$/g, '').toLowerCase();
      if (!term) continue;
      const found = haystack.includes(term);
      if (exclude ? found : !found) ok = false;
    }
    return ok;
  });
}

type Filter = {
  searchExpression_eq?: string;
  skillExpression_eq?: string;
  jobType_eq?: 'HOURLY' | 'FIXED' | 'FIXED_PRICE';
  budgetRange_eq?: Range;
  hourlyRate_eq?: Range;
  experienceLevel_eq?: SandboxJob['experienceLevel'];
  clientHiresRange_eq?: Range;
  verifiedPaymentOnly_eq?: boolean;
  proposalRange_eq?: Range;
  pagination_eq?: { first?: number; after?: string };
};

function searchNode(job: SandboxJob) {
  const { screeningQuestions: _questions, ...node } = job;
  void _questions;
  return node;
}

export function searchJobs(jobs: SandboxJob[], filter: Filter = {}) {
  const matching = jobs.filter((job) => {
    const fixed = Number(job.amount.rawValue) > 0;
    if (filter.searchExpression_eq && !matchesExpression(job, filter.searchExpression_eq))
      return false;
    if (filter.skillExpression_eq) {
      const wanted = filter.skillExpression_eq.split(',').map((s) => s.trim().toLowerCase());
      if (
        !job.skills.some(
          (s) => wanted.includes(s.prettyName.toLowerCase()) || wanted.includes(s.name),
        )
      )
        return false;
    }
    if (filter.jobType_eq === 'HOURLY' && fixed) return false;
    if ((filter.jobType_eq === 'FIXED' || filter.jobType_eq === 'FIXED_PRICE') && !fixed)
      return false;
    if (
      filter.budgetRange_eq &&
      (!fixed || !inRange(Number(job.amount.rawValue), filter.budgetRange_eq))
    )
      return false;
    if (
      filter.hourlyRate_eq &&
      (fixed || !inRange(Number(job.hourlyBudgetMax?.rawValue ?? 0), filter.hourlyRate_eq))
    )
      return false;
    if (filter.experienceLevel_eq && job.experienceLevel !== filter.experienceLevel_eq)
      return false;
    if (filter.clientHiresRange_eq && !inRange(job.client.totalHires, filter.clientHiresRange_eq))
      return false;
    if (filter.verifiedPaymentOnly_eq && job.client.verificationStatus !== 'VERIFIED') return false;
    if (filter.proposalRange_eq && !inRange(job.totalApplicants, filter.proposalRange_eq))
      return false;
    return true;
  });
  const first = Math.min(Math.max(filter.pagination_eq?.first ?? 10, 1), 50);
  const offset = Math.max(0, Number(filter.pagination_eq?.after ?? 0) || 0);
  const page = matching.slice(offset, offset + first);
  return {
    totalCount: matching.length,
    pageInfo: {
      hasNextPage: offset + first < matching.length,
      endCursor: String(offset + page.length),
    },
    edges: page.map((job, i) => ({ cursor: String(offset + i + 1), node: searchNode(job) })),
  };
}

function jobPosting(job: SandboxJob) {
  const fixed = Number(job.amount.rawValue) > 0;
  return {
    id: job.id,
    content: { title: job.title, description: job.description },
    contractTerms: {
      contractType: fixed ? 'FIXED_PRICE' : 'HOURLY',
      experienceLevel: job.experienceLevel,
      personsToHire: 1,
      hourlyContractTerms: fixed
        ? null
        : {
            engagementType: 'PART_TIME',
            hourlyBudgetMin: Number(job.hourlyBudgetMin?.rawValue ?? 0),
            hourlyBudgetMax: Number(job.hourlyBudgetMax?.rawValue ?? 0),
          },
    },
    contractorSelection: {
      proposalRequirement: {
        coverLetterRequired: true,
        screeningQuestions: job.screeningQuestions.map((question, i) => ({
          sequenceNumber: i + 1,
          question,
        })),
      },
    },
    clientCompanyPublic: {
      city: null,
      country: { name: job.client.location.country },
      paymentVerification: { paymentVerified: job.client.verificationStatus === 'VERIFIED' },
    },
  };
}

export async function startUpworkSandbox(
  options: UpworkSandboxOptions = {},
): Promise<UpworkSandbox> {
  const now = options.now ?? (() => new Date());
  const clientId = options.clientId ?? 'bidwright-demo';
  const clientSecret = options.clientSecret ?? 'bidwright-demo-secret';
  const ttl = options.accessTokenTtlSeconds ?? 86_400;
  const jobs = generateSandboxJobs(options.jobCount ?? 300, now(), options.seed ?? 42);
  const random = seededRandom((options.seed ?? 42) + 1);
  const requests: SandboxRequest[] = [];
  const codes = new Map<
    string,
    { redirectUri: string; challenge: string | null; expiresAt: number }
  >();
  const accessTokens = new Map<string, number>();
  const refreshTokens = new Set<string>();
  const faults: { graphql: SandboxFault[]; token: SandboxFault[] } = { graphql: [], token: [] };
  let missingScope = false;

  const issue = () => {
    const access = `oauth2v2_sbx_${randomBytes(16).toString('hex')}`;
    const refresh = `oauth2v2_sbxr_${randomBytes(16).toString('hex')}`;
    accessTokens.set(access, now().getTime() + ttl * 1000);
    refreshTokens.add(refresh);
    return { access_token: access, refresh_token: refresh, token_type: 'Bearer', expires_in: ttl };
  };

  const publishJob = (overrides: Partial<SandboxJob> = {}) => {
    const job = { ...generateSandboxJob(random, jobs.length + 1000, now()), ...overrides };
    jobs.unshift(job);
    return job;
  };

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://sandbox');
    const userAgent = request.headers['user-agent'] ?? null;

    if (request.method === 'GET' && url.pathname === '/ab/account-security/oauth2/authorize') {
      requests.push({ path: url.pathname, operation: null, tenantId: null, userAgent });
      const redirectUri = url.searchParams.get('redirect_uri');
      const state = url.searchParams.get('state');
      if (
        url.searchParams.get('client_id') !== clientId ||
        !redirectUri ||
        url.searchParams.get('response_type') !== 'code'
      ) {
        response.writeHead(400, { 'content-type': 'text/plain' });
        response.end('invalid_request: unknown client_id, or redirect_uri / response_type missing');
        return;
      }
      const code = randomBytes(16).toString('hex');
      codes.set(code, {
        redirectUri,
        challenge: url.searchParams.get('code_challenge'),
        expiresAt: now().getTime() + 10 * 60_000,
      });
      const target = new URL(redirectUri);
      target.searchParams.set('code', code);
      if (state) target.searchParams.set('state', state);
      response.writeHead(302, { location: target.toString() });
      response.end();
      return;
    }

    if (request.method === 'POST' && url.pathname === '/api/v3/oauth2/token') {
      const form = new URLSearchParams(await readBody(request));
      const grantType = form.get('grant_type') ?? '';
      requests.push({ path: url.pathname, operation: null, tenantId: null, userAgent, grantType });
      const fault = faults.token.shift();
      if (fault) {
        send(
          response,
          fault.status,
          fault.body ?? { error: 'server_error' },
          fault.retryAfter !== undefined ? { 'retry-after': String(fault.retryAfter) } : {},
        );
        return;
      }
      if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
        send(response, 401, {
          error: 'invalid_client',
          error_description: 'Client authentication failed',
        });
        return;
      }
      if (grantType === 'authorization_code') {
        const code = form.get('code') ?? '';
        const entry = codes.get(code);
        codes.delete(code);
        if (
          !entry ||
          entry.expiresAt < now().getTime() ||
          entry.redirectUri !== form.get('redirect_uri')
        ) {
          send(response, 400, {
            error: 'invalid_grant',
            error_description: 'Invalid authorization code',
          });
          return;
        }
        if (entry.challenge) {
          const verifier = form.get('code_verifier') ?? '';
          if (createHash('sha256').update(verifier).digest('base64url') !== entry.challenge) {
            send(response, 400, {
              error: 'invalid_grant',
              error_description: 'PKCE verification failed',
            });
            return;
          }
        }
        send(response, 200, issue());
        return;
      }
      if (grantType === 'refresh_token') {
        const refresh = form.get('refresh_token') ?? '';
        if (!refreshTokens.delete(refresh)) {
          send(response, 400, {
            error: 'invalid_grant',
            error_description: 'Invalid refresh token',
          });
          return;
        }
        send(response, 200, issue());
        return;
      }
      send(response, 400, { error: 'unsupported_grant_type' });
      return;
    }

    // A test-only door: an end-to-end test in another process publishes a job, as publishJob does.
    if (request.method === 'POST' && url.pathname === '/sandbox/jobs') {
      const raw = await readBody(request);
      let fields: { title?: unknown; description?: unknown } = {};
      try {
        fields = JSON.parse(raw || '{}') as typeof fields;
      } catch {
        send(response, 400, { error: 'the body must be JSON: { title?, description? }' });
        return;
      }
      const job = publishJob({
        ...(typeof fields.title === 'string' ? { title: fields.title } : {}),
        ...(typeof fields.description === 'string' ? { description: fields.description } : {}),
      });
      send(response, 201, { id: job.id, title: job.title });
      return;
    }

    if (request.method === 'POST' && url.pathname === '/graphql') {
      const raw = await readBody(request);
      let body: { query?: string; variables?: Record<string, unknown> } = {};
      try {
        body = JSON.parse(raw) as typeof body;
      } catch {
        send(response, 400, { errors: [{ message: 'Invalid JSON body' }] });
        return;
      }
      const query = body.query ?? '';
      const operation = query.includes('marketplaceJobPostingsSearch')
        ? 'marketplaceJobPostingsSearch'
        : query.includes('marketplaceJobPosting')
          ? 'marketplaceJobPosting'
          : query.includes('freelancerProfile')
            ? 'freelancerProfile'
            : query.includes('companySelector') || query.includes('user')
              ? 'me'
              : null;
      const tenantHeader = request.headers['x-upwork-api-tenantid'];
      const tenantId = typeof tenantHeader === 'string' ? tenantHeader : null;
      requests.push({ path: url.pathname, operation, tenantId, userAgent });

      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      const expiry = accessTokens.get(token);
      if (expiry === undefined || expiry <= now().getTime()) {
        send(response, 401, { message: 'Authentication failed' });
        return;
      }
      const fault = faults.graphql.shift();
      if (fault) {
        send(
          response,
          fault.status,
          fault.body ?? { message: 'Exception occurred' },
          fault.retryAfter !== undefined ? { 'retry-after': String(fault.retryAfter) } : {},
        );
        return;
      }
      if (missingScope) {
        send(response, 200, { data: null, errors: [SCOPE_ERROR] });
        return;
      }
      const variables = body.variables ?? {};
      if (operation === 'marketplaceJobPostingsSearch') {
        send(response, 200, {
          data: {
            marketplaceJobPostingsSearch: searchJobs(jobs, (variables.filter ?? {}) as Filter),
          },
        });
        return;
      }
      if (operation === 'marketplaceJobPosting') {
        const job = jobs.find((j) => j.id === variables.id || j.ciphertext === variables.id);
        send(response, 200, { data: { marketplaceJobPosting: job ? jobPosting(job) : null } });
        return;
      }
      if (operation === 'freelancerProfile') {
        send(response, 200, {
          data: { user: { ...SANDBOX_USER, freelancerProfile: SANDBOX_FREELANCER_PROFILE } },
        });
        return;
      }
      if (operation === 'me') {
        send(response, 200, {
          data: {
            user: SANDBOX_USER,
            organization: {
              id: SANDBOX_ORGANIZATIONS[0]?.organizationId,
              name: SANDBOX_USER.name,
              type: 'FREELANCER',
            },
            companySelector: { items: SANDBOX_ORGANIZATIONS },
          },
        });
        return;
      }
      send(response, 200, {
        data: null,
        errors: [
          {
            message: 'Validation error: the sandbox does not know this operation',
            extensions: { classification: 'ValidationError' },
          },
        ],
      });
      return;
    }

    send(response, 404, { message: 'Not found' });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => send(response, 500, { message: 'Exception occurred' }));
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const address = server.address() as AddressInfo;
  const base = `http://${options.host ?? '127.0.0.1'}:${address.port}`;

  const timer = options.newJobEverySeconds
    ? setInterval(() => publishJob(), options.newJobEverySeconds * 1000)
    : null;
  timer?.unref();

  return {
    url: base,
    clientId,
    clientSecret,
    authorizeUrl: `${base}/ab/account-security/oauth2/authorize`,
    tokenUrl: `${base}/api/v3/oauth2/token`,
    graphqlUrl: `${base}/graphql`,
    jobs,
    requests,
    publishJob,
    failNext: (fault, target = 'graphql') => faults[target].push(fault),
    setMissingScope: (on) => {
      missingScope = on;
    },
    expireAccessTokens: () => {
      for (const key of accessTokens.keys()) accessTokens.set(key, 0);
    },
    revokeRefreshTokens: () => refreshTokens.clear(),
    issuedTokens: () => ({
      access: [...accessTokens.entries()]
        .filter(([, at]) => at > now().getTime())
        .map(([token]) => token),
      refresh: [...refreshTokens],
    }),
    close: () =>
      new Promise<void>((resolve) => {
        if (timer) clearInterval(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
