/**
 * Talks to the Firebase Auth emulator's REST API the way the Firebase web SDK does, so tests get
 * real (emulator-issued) ID tokens without a browser.
 */
export type EmulatorAccount = {
  uid: string;
  email: string;
  password: string;
  idToken: string;
  refreshToken: string;
};

export function authEmulatorClient(host: string, projectId: string) {
  const identity = `http://${host}/identitytoolkit.googleapis.com/v1`;
  const admin = `http://${host}/emulator/v1/projects/${projectId}`;

  // 'Bearer owner' makes a call an admin call; sign-up and sign-in must go as a user would.
  async function post<T>(url: string, body: unknown, asAdmin = false): Promise<T> {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(asAdmin ? { authorization: 'Bearer owner' } : {}),
      },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as T & { error?: { message: string } };
    if (!response.ok) {
      throw new Error(`Auth emulator ${url}: ${json.error?.message ?? response.status}`);
    }
    return json;
  }

  return {
    /** Creates an email/password account and returns a fresh ID token for it. */
    async createAccount(
      email: string,
      password = 'test-password-1',
      displayName?: string,
    ): Promise<EmulatorAccount> {
      let created = await post<{ localId: string; idToken: string; refreshToken: string }>(
        `${identity}/accounts:signUp?key=fake-api-key`,
        { email, password, returnSecureToken: true },
      );
      // The emulator stamps a new account's sign-in time and its "tokens valid since" from two
      // clock readings. When a second boundary falls between them, the first token is older than
      // the account's revocation cut-off and the API rightly refuses it as revoked (real Firebase
      // reads the clock once). The cut-off is no later than this answer's arrival, so a token
      // whose sign-in second is the current one is safe; otherwise sign in again for a newer one.
      if (authTimeOf(created.idToken) !== Math.floor(Date.now() / 1000)) {
        created = await post(`${identity}/accounts:signInWithPassword?key=fake-api-key`, {
          email,
          password,
          returnSecureToken: true,
        });
      }
      if (displayName) {
        await post(`${identity}/accounts:update?key=fake-api-key`, {
          idToken: created.idToken,
          displayName,
          returnSecureToken: false,
        });
      }
      return {
        uid: created.localId,
        email,
        password,
        idToken: created.idToken,
        refreshToken: created.refreshToken,
      };
    },

    async signIn(email: string, password: string): Promise<EmulatorAccount> {
      const signedIn = await post<{ localId: string; idToken: string; refreshToken: string }>(
        `${identity}/accounts:signInWithPassword?key=fake-api-key`,
        { email, password, returnSecureToken: true },
      );
      return {
        uid: signedIn.localId,
        email,
        password,
        idToken: signedIn.idToken,
        refreshToken: signedIn.refreshToken,
      };
    },

    /** Disables (or enables) an account through the emulator's admin endpoint. */
    async setDisabled(uid: string, disabled: boolean): Promise<void> {
      await post(
        `http://${host}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:update`,
        {
          localId: uid,
          disableUser: disabled,
        },
        true,
      );
    },

    /** The emails the emulator 'sent' (password reset, verification). */
    async oobCodes(): Promise<
      Array<{ email: string; requestType: string; oobLink: string; oobCode: string }>
    > {
      const response = await fetch(`${admin}/oobCodes`);
      const json = (await response.json()) as {
        oobCodes: Array<{ email: string; requestType: string; oobLink: string; oobCode: string }>;
      };
      return json.oobCodes;
    },

    async deleteAllAccounts(): Promise<void> {
      await fetch(`${admin}/accounts`, { method: 'DELETE' });
    },
  };
}

export type AuthEmulatorClient = ReturnType<typeof authEmulatorClient>;

/** A unique address per test, so tests sharing one emulator never collide. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

/** The `auth_time` claim (seconds) of an emulator ID token. */
function authTimeOf(idToken: string): number {
  const payload = idToken.split('.')[1] ?? '';
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
    auth_time?: number;
  };
  return claims.auth_time ?? 0;
}
