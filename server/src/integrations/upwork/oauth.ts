import { createHash, randomBytes } from 'node:crypto';

import type { UpworkConfig } from '../../config.ts';

import { UpworkError } from './errors.ts';

/**
 * OAuth 2.0 authorization code flow against Upwork (docs/upwork.md): the authorize URL with a
 * single-use `state` and a PKCE challenge, the code exchange and the refresh. Client credentials
 * go in the form body. Every refresh returns a new refresh token; the caller must store it.
 */

export type TokenSet = {
  accessToken: string;
  refreshToken: string;
  /** When the access token expires. */
  expiresAt: Date;
};

export type OAuthClientOptions = {
  config: UpworkConfig;
  fetch?: typeof fetch;
  now?: () => Date;
  userAgent?: string;
};

export const USER_AGENT = 'Bidwright/1.0 (+https://github.com/bidwright; Upwork CRM)';

export function newState(): string {
  return randomBytes(32).toString('base64url');
}

export function newCodeVerifier(): string {
  return randomBytes(48).toString('base64url');
}

export function codeChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

export function hashState(state: string): string {
  return createHash('sha256').update(state).digest('hex');
}

export function requireClient(config: UpworkConfig): { clientId: string; clientSecret: string } {
  if (!config.clientId || !config.clientSecret) {
    throw new UpworkError(
      'not_configured',
      'Upwork is not set up on this server: the administrator must set UPWORK_CLIENT_ID and UPWORK_CLIENT_SECRET (or run the demo with UPWORK_DEMO=true).',
    );
  }
  return { clientId: config.clientId, clientSecret: config.clientSecret };
}

export function buildAuthorizeUrl(config: UpworkConfig, state: string, verifier: string): string {
  const { clientId } = requireClient(config);
  const url = new URL(config.authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('redirect_uri', config.redirectUri);
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', codeChallenge(verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  return url.toString();
}

type TokenResponse = {
  access_token?: unknown;
  refresh_token?: unknown;
  expires_in?: unknown;
  error?: unknown;
  error_description?: unknown;
};

async function tokenRequest(
  options: OAuthClientOptions,
  form: Record<string, string>,
): Promise<TokenSet> {
  const { clientId, clientSecret } = requireClient(options.config);
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  let response: Response;
  try {
    response = await doFetch(options.config.tokenUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        'user-agent': options.userAgent ?? USER_AGENT,
      },
      body: new URLSearchParams({
        ...form,
        client_id: clientId,
        client_secret: clientSecret,
      }).toString(),
      signal: AbortSignal.timeout(20_000),
    });
  } catch {
    throw new UpworkError('network', 'Upwork could not be reached. Try again in a minute.');
  }
  let body: TokenResponse = {};
  try {
    body = (await response.json()) as TokenResponse;
  } catch {
    body = {};
  }
  if (!response.ok || typeof body.access_token !== 'string') {
    const code = typeof body.error === 'string' ? body.error : '';
    if (code === 'invalid_grant') {
      throw new UpworkError(
        'invalid_grant',
        'Upwork no longer accepts this connection (the authorization expired or was revoked). Connect Upwork again.',
      );
    }
    if (response.status === 429) {
      throw new UpworkError(
        'rate_limited',
        'Upwork is rate limiting requests. Try again in a minute.',
      );
    }
    if (code === 'unauthorized_client' || code === 'invalid_client') {
      throw new UpworkError(
        'not_configured',
        'Upwork rejected this server’s API key (check UPWORK_CLIENT_ID, UPWORK_CLIENT_SECRET and the callback URL on the key).',
      );
    }
    throw new UpworkError(
      response.status >= 500 ? 'server' : 'graphql',
      `Upwork refused the token request${code ? ` (${code})` : ''}. Try connecting again.`,
    );
  }
  if (typeof body.refresh_token !== 'string') {
    throw new UpworkError(
      'server',
      'Upwork answered without a refresh token. Try connecting again.',
    );
  }
  const expiresIn =
    typeof body.expires_in === 'number' ? body.expires_in : Number(body.expires_in ?? 86_400);
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token,
    expiresAt: new Date(now().getTime() + (Number.isFinite(expiresIn) ? expiresIn : 86_400) * 1000),
  };
}

export function exchangeCode(
  options: OAuthClientOptions,
  code: string,
  verifier: string,
): Promise<TokenSet> {
  return tokenRequest(options, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: options.config.redirectUri,
    code_verifier: verifier,
  });
}

export function refreshTokens(
  options: OAuthClientOptions,
  refreshToken: string,
): Promise<TokenSet> {
  return tokenRequest(options, { grant_type: 'refresh_token', refresh_token: refreshToken });
}
