import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { createSandboxCrm, type SentStory } from './upwork-sandbox-crm.ts';
import type {
  SandboxContract,
  SandboxProposal,
  SandboxRoom,
  SandboxStory,
  SandboxTransaction,
} from './upwork-sandbox-crm-seed.ts';
import { readBody, send } from './upwork-sandbox-http.ts';
import {
  generateSandboxJob,
  generateSandboxJobs,
  seededRandom,
  type SandboxJob,
} from './upwork-sandbox-jobs.ts';
import { jobPosting, searchJobs, type Filter } from './upwork-sandbox-search.ts';

export { matchesExpression, searchJobs } from './upwork-sandbox-search.ts';

/**
 * A local stand-in for Upwork (Upwork offers no sandbox, so we mock it; docs/upwork.md). It
 * speaks the same OAuth endpoints (authorize redirect, token exchange and refresh with rotating
 * refresh tokens, PKCE) and the GraphQL operations Browse Jobs uses (marketplaceJobPostingsSearch,
 * marketplaceJobPosting, the Me query, the freelancer's own profile) and the CRM's (rooms and
 * stories, proposals, contracts, transaction history, with a simulated client:
 * upwork-sandbox-crm.ts), with Upwork's quirks: Money as strings, Relay pagination with a
 * stringified offset as cursor, errors on HTTP 200, 401 on expired tokens, 429 with
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
  /** The ledger holds this many rows over the past year instead of the six-month demo ledger. */
  transactionCount?: number;
  /** After a proposal is seen, the client writes (and answers a reply) this much later (60). */
  clientReplyAfterSeconds?: number;
  /** After a proposal is seen, the client hires this much later (120). */
  hireAfterSeconds?: number;
};

export type SandboxFault = {
  status: number;
  retryAfter?: number;
  body?: unknown;
  /** Answer only after this long (a slow Upwork); the wait ends early if the caller hangs up. */
  delayMs?: number;
};

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
  /** Drops the queued faults no request has used yet. */
  clearFaults: () => void;
  /** While on, GraphQL answers the missing-scope error on HTTP 200. */
  setMissingScope: (on: boolean) => void;
  expireAccessTokens: () => void;
  revokeRefreshTokens: () => void;
  /** Tokens currently valid, for assertions (never logged by the app). */
  issuedTokens: () => { access: string[]; refresh: string[] };
  rooms: SandboxRoom[];
  stories: SandboxStory[];
  proposals: SandboxProposal[];
  contracts: SandboxContract[];
  transactions: SandboxTransaction[];
  /** Messages the freelancer sent (createRoomStoryV2), oldest first. */
  sentStories: SentStory[];
  /** The room's client writes a message, unread for the freelancer. */
  clientWrites: (roomId: string, message: string) => SandboxStory;
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
  const crm = createSandboxCrm({
    now,
    seed: options.seed ?? 42,
    freelancer: { id: SANDBOX_USER.id, name: SANDBOX_USER.name },
    hourlyRate: SANDBOX_FREELANCER_PROFILE.personalData.chargeRate.rawValue,
    findJob: (id) => jobs.find((job) => job.id === id),
    ...(options.transactionCount === undefined
      ? {}
      : { transactionCount: options.transactionCount }),
    ...(options.clientReplyAfterSeconds === undefined
      ? {}
      : { clientReplyAfterSeconds: options.clientReplyAfterSeconds }),
    ...(options.hireAfterSeconds === undefined
      ? {}
      : { hireAfterSeconds: options.hireAfterSeconds }),
  });

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
        if (!(await waitUnlessClosed(response, fault.delayMs))) return;
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

    if (url.pathname.startsWith('/sandbox/') && (await crm.handleControl(request, response, url)))
      return;

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
      const crmOperation = crm.operationOf(query);
      const operation = crmOperation
        ? crmOperation
        : query.includes('marketplaceJobPostingsSearch')
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
        if (!(await waitUnlessClosed(response, fault.delayMs))) return;
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
      if (crmOperation) {
        send(response, 200, crm.answer(crmOperation, variables));
        return;
      }
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
    clearFaults: () => {
      faults.graphql.length = 0;
      faults.token.length = 0;
    },
    setMissingScope: (on) => {
      missingScope = on;
    },
    expireAccessTokens: () => {
      for (const key of accessTokens.keys()) accessTokens.set(key, 0);
    },
    revokeRefreshTokens: () => refreshTokens.clear(),
    rooms: crm.rooms,
    stories: crm.stories,
    proposals: crm.proposals,
    contracts: crm.contracts,
    transactions: crm.transactions,
    sentStories: crm.sentStories,
    clientWrites: crm.clientWrites,
    issuedTokens: () => ({
      access: [...accessTokens.entries()]
        .filter(([, at]) => at > now().getTime())
        .map(([token]) => token),
      refresh: [...refreshTokens],
    }),
    close: () =>
      new Promise<void>((resolve) => {
        if (timer) clearInterval(timer);
        crm.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Waits `ms` (if given); false when the caller hung up meanwhile, so nothing is sent. */
function waitUnlessClosed(response: ServerResponse, ms: number | undefined): Promise<boolean> {
  if (!ms) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      response.off('close', onClose);
      resolve(!response.destroyed);
    }, ms);
    const onClose = () => {
      clearTimeout(timer);
      resolve(false);
    };
    response.once('close', onClose);
  });
}
