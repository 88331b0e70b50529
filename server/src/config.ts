import { z } from 'zod';

import { MODULES, moduleSchema } from '#contract/user';

import { keyRing, type KeyRing } from './crypto.ts';

/**
 * Every environment variable the API reads, parsed once at start. A bad or
 * missing value stops the start with a message naming the variable. `.env.example` documents each.
 */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);

const commaList = (fallback = '') =>
  z
    .string()
    .optional()
    .transform((value) =>
      (value ?? fallback)
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    );

const isKey = (value: string) => Buffer.from(value, 'base64').length === 32;

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(5050),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('data'),
  DATABASE_URL: z.url({ message: 'DATABASE_URL must be a postgres:// URL' }).optional(),
  /**
   * PostgreSQL: false leaves migrating to a release step (`npm run db:migrate`) and refuses to
   * start on a database that lacks a committed migration. PGlite always migrates at start.
   */
  MIGRATE_ON_START: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((value) => value === 'true' || value === '1'),
  FIREBASE_PROJECT_ID: z.string().min(1).default('demo-bidwright'),
  FIREBASE_AUTH_EMULATOR_HOST: z.string().min(1).optional(),
  CORS_ORIGINS: commaList('http://localhost:3000,http://127.0.0.1:3000'),
  ADMIN_EMAILS: commaList(),
  /** Unset: every module in local mode, none elsewhere. Set (even empty): exactly that list. */
  DEFAULT_MODULES: z
    .string()
    .optional()
    .transform((value) =>
      value === undefined
        ? undefined
        : value
            .split(',')
            .map((item) => item.trim())
            .filter(Boolean),
    )
    .pipe(z.array(moduleSchema).optional()),
  /** 32 bytes, base64. Required unless in local mode, where a fixed development key is used. */
  ENCRYPTION_KEY: z
    .string()
    .optional()
    .refine((value) => value === undefined || isKey(value), {
      message: 'ENCRYPTION_KEY must be 32 bytes, base64-encoded (openssl rand -base64 32)',
    }),
  /** Earlier keys, comma-separated, only to read values written with them (key rotation). */
  ENCRYPTION_KEYS_PREVIOUS: commaList().refine((values) => values.every(isKey), {
    message: 'ENCRYPTION_KEYS_PREVIOUS must be a comma list of 32-byte base64 keys',
  }),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1_024).default(1_048_576),
  /**
   * How many API processes share one PostgreSQL behind a load balancer. The request, sign-in
   * failure, AI and Upwork budgets below are for the whole service; each process enforces its
   * share (budget / REPLICA_COUNT, at least 1). See docs/decisions.
   */
  REPLICA_COUNT: z.coerce.number().int().min(1).max(64).default(1),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  WRITE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /**
   * Above this event-loop delay (ms) the API answers 503 with Retry-After instead of queueing work
   * it cannot finish in time; 0 turns shedding off. Default: 1000 on PostgreSQL; off on PGlite,
   * whose queries run on the event loop itself, so a slow one would shed the requests after it.
   */
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).optional(),
  /** Failed sign-ins (bad or missing tokens) one address may make per minute before it waits. */
  AUTH_FAILURES_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  TRUST_PROXY: booleanFlag,
  /** How long a client may take to send a whole request (headers and body); not the response. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  /** How long a client may take to send the request headers; at most REQUEST_TIMEOUT_MS. */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).optional(),
  /** How long an idle keep-alive connection waits for the next request. */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).default(72_000),
  /** Open GET /api/events streams per user; a new one beyond this closes the oldest. */
  EVENT_STREAMS_PER_USER: z.coerce.number().int().min(1).default(5),
  /** Portfolio uploads: the largest file accepted (bytes), and where files are stored. */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1_024)
    .default(20 * 1024 * 1024),
  UPLOADS_DIR: z.string().min(1).optional(),
  // Upwork. With UPWORK_DEMO the URLs default to the local sandbox (tests/support/upwork-sandbox.ts).
  UPWORK_CLIENT_ID: z.string().min(1).optional(),
  UPWORK_CLIENT_SECRET: z.string().min(1).optional(),
  UPWORK_REDIRECT_URI: z
    .url({ message: 'UPWORK_REDIRECT_URI must be the URL registered on the Upwork key' })
    .default('http://localhost:3000/settings/account'),
  UPWORK_AUTHORIZE_URL: z.url().optional(),
  UPWORK_TOKEN_URL: z.url().optional(),
  UPWORK_GRAPHQL_URL: z.url().optional(),
  UPWORK_DEMO: booleanFlag,
  UPWORK_SANDBOX_URL: z.url().default('http://127.0.0.1:5070'),
  // AI provider. AI_PROVIDER=none (the default) drafts with the offline engine.
  AI_PROVIDER: z.enum(['none', 'openai', 'anthropic', 'openai-compatible']).default('none'),
  AI_MODEL: z.string().min(1).optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_BASE_URL: z
    .url({ message: 'AI_BASE_URL must be an http(s) URL, e.g. http://localhost:11434/v1' })
    .optional(),
  AI_EMBEDDING_MODEL: z.string().min(1).optional(),
  /** Lets the AI base URL reach loopback and private networks (a local Ollama); off by default. */
  AI_ALLOW_PRIVATE_BASE_URL: booleanFlag,
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  AI_MAX_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  AI_MAX_CONCURRENT: z.coerce.number().int().min(1).default(20),
  AI_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  UPWORK_REQUESTS_PER_SECOND: z.coerce.number().min(0.1).max(100).default(8),
  SAVED_SEARCH_POLL_SECONDS: z.coerce
    .number()
    .int()
    .min(0, { message: 'SAVED_SEARCH_POLL_SECONDS is seconds (0 turns polling off)' })
    // Every 30 s: a new matching job reaches the bell within a minute of appearing.
    .default(30),
  MESSAGE_POLL_SECONDS: z.coerce
    .number()
    .int()
    .min(0, { message: 'MESSAGE_POLL_SECONDS is seconds (0 turns polling off)' })
    // Upwork has no push channel for messages: every 30 s keeps a client's reply under a minute.
    .default(30),
  TRANSACTION_SYNC_SECONDS: z.coerce
    .number()
    .int()
    .min(0, { message: 'TRANSACTION_SYNC_SECONDS is seconds (0 turns the sync off)' })
    .default(3600),
  LEAD_DUE_CHECK_SECONDS: z.coerce
    .number()
    .int()
    .min(0, { message: 'LEAD_DUE_CHECK_SECONDS is seconds (0 turns the check off)' })
    .default(60),
});

export type Config = {
  nodeEnv: 'development' | 'test' | 'production';
  host: string;
  port: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  dataDir: string;
  databaseUrl: string | undefined;
  /** Whether the API applies migrations at start (PGlite does regardless). */
  migrateOnStart: boolean;
  firebaseProjectId: string;
  firebaseAuthEmulatorHost: string | undefined;
  /** Emulator tokens are trusted only here: emulator host set and the server bound to loopback. */
  localMode: boolean;
  corsOrigins: string[];
  adminEmails: string[];
  defaultModules: Array<(typeof MODULES)[number]>;
  /** The key ring for secrets at rest: ENCRYPTION_KEY writes, it and the previous keys read. */
  encryptionKey: KeyRing;
  bodyLimitBytes: number;
  /** API processes sharing the database; the budgets below are already this process's share. */
  replicaCount: number;
  rateLimitPerMinute: number;
  authFailuresPerMinute: number;
  writeRateLimitPerMinute: number;
  maxEventLoopDelayMs: number;
  trustProxy: boolean;
  /** Limits on receiving requests and on idle connections (the HTTP server's timeouts). */
  timeouts: ServerTimeouts;
  eventStreamsPerUser: number;
  uploadMaxBytes: number;
  /** Defaults to `${dataDir}/uploads`. */
  uploadsDir: string;
  upwork: UpworkConfig;
  ai: AiConfig;
  leads: {
    /** How often due next actions are sent to the bell; 0 turns it off. */ dueCheckSeconds: number;
  };
};

export type ServerTimeouts = {
  /** Receiving one whole request; a response (an event stream) may last longer. */
  requestMs: number;
  headersMs: number;
  keepAliveMs: number;
  /** How often the server looks for requests past their deadline. */
  checkIntervalMs: number;
};

export type AiConfig = {
  provider: 'none' | 'openai' | 'anthropic' | 'openai-compatible';
  model: string | undefined;
  apiKey: string | undefined;
  baseUrl: string | undefined;
  embeddingModel: string | undefined;
  /**
   * Whether provider requests may go to loopback or private addresses. Link-local and cloud
   * metadata addresses are refused either way.
   */
  allowPrivateBaseUrl: boolean;
  /** Per provider call (per agent step); the AI SDK's retries come on top. */
  timeoutMs: number;
  maxRetries: number;
  maxConcurrent: number;
  /** This process's share of the per-user generation budget. */
  ratePerMinute: number;
  /** The per-user generation budget of the whole service, as users are told it. */
  serviceRatePerMinute: number;
};

export type UpworkConfig = {
  clientId: string | undefined;
  clientSecret: string | undefined;
  redirectUri: string;
  authorizeUrl: string;
  tokenUrl: string;
  graphqlUrl: string;
  /** The local sandbox is in use: the UI labels the data as a demo. */
  demo: boolean;
  requestsPerSecond: number;
  /** 0 turns the saved-search poller off. */
  savedSearchPollSeconds: number;
  /** How often connected users' Upwork rooms are synced; 0 turns it off. */
  messagePollSeconds: number;
  /** How often connected users' Upwork transaction history is synced; 0 turns it off. */
  transactionSyncSeconds: number;
};

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

// A fixed, public key for local mode only; outside local mode ENCRYPTION_KEY is required.
const LOCAL_DEVELOPMENT_KEY = Buffer.from('bidwright-local-development-key!', 'utf8');

/**
 * Headers must arrive within the request deadline (Node refuses a longer one). The server checks
 * deadlines on a timer; a tick of at most a second, and shorter for short deadlines, keeps a
 * stalled request from outliving its deadline by more than that tick.
 */
function serverTimeouts(
  requestMs: number,
  headersMs: number | undefined,
  keepAliveMs: number,
): ServerTimeouts {
  if (headersMs !== undefined && headersMs > requestMs) {
    throw new ConfigError(
      `HEADERS_TIMEOUT_MS (${headersMs}) must not exceed REQUEST_TIMEOUT_MS (${requestMs}).`,
    );
  }
  const headers = headersMs ?? Math.min(15_000, requestMs);
  return {
    requestMs,
    headersMs: headers,
    keepAliveMs,
    checkIntervalMs: Math.max(50, Math.min(1_000, Math.floor(Math.min(headers, requestMs) / 4))),
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `- ${issue.path.join('.') || 'environment'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const emulator = e.FIREBASE_AUTH_EMULATOR_HOST;
  const loopback = LOOPBACK_HOSTS.has(e.HOST);

  if (emulator && !loopback) {
    throw new ConfigError(
      `FIREBASE_AUTH_EMULATOR_HOST is set but HOST is ${e.HOST}: emulator tokens are unsigned, so the ` +
        'server only accepts them bound to loopback (127.0.0.1, localhost or ::1). Unset the emulator host or bind to loopback.',
    );
  }
  if (e.NODE_ENV === 'production' && (emulator || e.FIREBASE_PROJECT_ID.startsWith('demo-'))) {
    throw new ConfigError(
      'NODE_ENV is production but the Firebase settings are for the emulator: unset FIREBASE_AUTH_EMULATOR_HOST and set FIREBASE_PROJECT_ID to your real project.',
    );
  }
  const localMode = Boolean(emulator) && loopback;
  if (e.REPLICA_COUNT > 1 && !e.DATABASE_URL) {
    throw new ConfigError(
      `REPLICA_COUNT is ${e.REPLICA_COUNT} but DATABASE_URL is unset: the embedded PGlite database belongs ` +
        'to one process. Set DATABASE_URL to a PostgreSQL shared by the replicas, or REPLICA_COUNT=1.',
    );
  }
  /** This process's share of a budget meant for the whole service. */
  const share = (budget: number) => Math.max(1, Math.ceil(budget / e.REPLICA_COUNT));
  if (emulator && e.TRUST_PROXY) {
    throw new ConfigError(
      'FIREBASE_AUTH_EMULATOR_HOST is set together with TRUST_PROXY=true: emulator tokens are unsigned, ' +
        'so requests relayed by a proxy must not reach an emulator-mode server. Unset TRUST_PROXY or the emulator host.',
    );
  }
  // The development key is public, so it may only protect local data.
  if (!localMode && !e.ENCRYPTION_KEY) {
    throw new ConfigError(
      'ENCRYPTION_KEY is required unless the server runs locally (Auth emulator and a loopback HOST): ' +
        'set it to 32 random bytes, base64 (openssl rand -base64 32).',
    );
  }
  const previousKeys = e.ENCRYPTION_KEYS_PREVIOUS.map((value) => Buffer.from(value, 'base64'));

  return {
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    migrateOnStart: e.MIGRATE_ON_START,
    firebaseProjectId: e.FIREBASE_PROJECT_ID,
    firebaseAuthEmulatorHost: emulator,
    localMode,
    corsOrigins: e.CORS_ORIGINS,
    adminEmails: e.ADMIN_EMAILS.map((email) => email.toLowerCase()),
    // On one's own machine the person who signs up runs the product, so nothing is withheld;
    // a shared server leaves modules to its administrators (docs/decisions/0008).
    defaultModules: e.DEFAULT_MODULES ?? (localMode ? [...MODULES] : []),
    encryptionKey: e.ENCRYPTION_KEY
      ? keyRing(Buffer.from(e.ENCRYPTION_KEY, 'base64'), previousKeys)
      : keyRing(LOCAL_DEVELOPMENT_KEY, previousKeys),
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    replicaCount: e.REPLICA_COUNT,
    rateLimitPerMinute: share(e.RATE_LIMIT_PER_MINUTE),
    authFailuresPerMinute: share(e.AUTH_FAILURES_PER_MINUTE),
    writeRateLimitPerMinute: share(e.WRITE_RATE_LIMIT_PER_MINUTE),
    maxEventLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS ?? (e.DATABASE_URL ? 1_000 : 0),
    trustProxy: e.TRUST_PROXY,
    timeouts: serverTimeouts(e.REQUEST_TIMEOUT_MS, e.HEADERS_TIMEOUT_MS, e.KEEP_ALIVE_TIMEOUT_MS),
    eventStreamsPerUser: e.EVENT_STREAMS_PER_USER,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    uploadsDir: e.UPLOADS_DIR ?? `${e.DATA_DIR}/uploads`,
    upwork: {
      clientId: e.UPWORK_CLIENT_ID ?? (e.UPWORK_DEMO ? 'bidwright-demo' : undefined),
      clientSecret: e.UPWORK_CLIENT_SECRET ?? (e.UPWORK_DEMO ? 'bidwright-demo-secret' : undefined),
      redirectUri: e.UPWORK_REDIRECT_URI,
      authorizeUrl:
        e.UPWORK_AUTHORIZE_URL ??
        `${e.UPWORK_DEMO ? e.UPWORK_SANDBOX_URL : 'https://www.upwork.com'}/ab/account-security/oauth2/authorize`,
      tokenUrl:
        e.UPWORK_TOKEN_URL ??
        `${e.UPWORK_DEMO ? e.UPWORK_SANDBOX_URL : 'https://www.upwork.com'}/api/v3/oauth2/token`,
      graphqlUrl:
        e.UPWORK_GRAPHQL_URL ??
        `${e.UPWORK_DEMO ? e.UPWORK_SANDBOX_URL : 'https://api.upwork.com'}/graphql`,
      demo: e.UPWORK_DEMO,
      requestsPerSecond: e.UPWORK_REQUESTS_PER_SECOND / e.REPLICA_COUNT,
      savedSearchPollSeconds: e.SAVED_SEARCH_POLL_SECONDS,
      messagePollSeconds: e.MESSAGE_POLL_SECONDS,
      transactionSyncSeconds: e.TRANSACTION_SYNC_SECONDS,
    },
    leads: { dueCheckSeconds: e.LEAD_DUE_CHECK_SECONDS },
    ai: {
      provider: e.AI_PROVIDER,
      model: e.AI_MODEL,
      apiKey: e.AI_API_KEY,
      baseUrl: e.AI_BASE_URL,
      embeddingModel: e.AI_EMBEDDING_MODEL,
      allowPrivateBaseUrl: e.AI_ALLOW_PRIVATE_BASE_URL,
      timeoutMs: e.AI_TIMEOUT_MS,
      maxRetries: e.AI_MAX_RETRIES,
      maxConcurrent: e.AI_MAX_CONCURRENT,
      ratePerMinute: share(e.AI_RATE_PER_MINUTE),
      serviceRatePerMinute: e.AI_RATE_PER_MINUTE,
    },
  };
}
