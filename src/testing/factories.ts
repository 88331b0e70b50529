import type { BackendUser } from '@/contract/user';
import type { BackendUserRecord, IdentityUser } from '@/machines/session.machine';

/** The API base every test store uses (MSW handlers answer here). */
export const TEST_API = 'http://api.test';

export function identityUser(overrides: Partial<IdentityUser> = {}): IdentityUser {
  return {
    uid: 'uid-ada',
    email: 'ada@example.com',
    emailVerified: true,
    displayName: 'Ada (identity)',
    photoURL: null,
    phoneNumber: null,
    isAnonymous: false,
    providerData: [{ providerId: 'password', uid: 'ada@example.com', email: 'ada@example.com' }],
    metadata: {
      creationTime: 'Sat, 01 Nov 2026 10:00:00 GMT',
      lastSignInTime: 'Sun, 22 Nov 2026 02:00:00 GMT',
    },
    ...overrides,
  };
}

/** Ada's backend record: a member with every module. */
const ADA = {
  id: '6f1c1e8e-3c55-4a53-9d0e-5c1a0c7d6a11',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  role: 'member',
  modules: ['response', 'proposal', 'upwork', 'portfolio'],
} as const satisfies BackendUserRecord;

export function backendUser(overrides: Partial<BackendUserRecord> = {}): BackendUserRecord {
  return { ...ADA, modules: [...ADA.modules], ...overrides };
}

/** The full record GET /api/users answers with (the contract's BackendUser). */
export function backendUserJson(overrides: Partial<BackendUserRecord> = {}): BackendUser {
  const user = backendUser(overrides);
  return {
    id: user.id ?? ADA.id,
    email: user.email ?? ADA.email,
    name: user.name,
    role: user.role ?? ADA.role,
    modules: user.modules,
    status: 'active',
    createdAt: '2026-11-01T10:00:00.000Z',
    lastSignInAt: '2026-11-22T02:00:00.000Z',
  };
}
