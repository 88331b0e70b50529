import { apiBaseUrl } from '@/config/api';

/** What the store needs from the identity provider: an ID token, or null when signed out. */
export type GetToken = (forceRefresh?: boolean) => Promise<string | null>;

/** The thunk extra argument: RTK Query's base query reads the token and API base from here. */
export interface StoreExtra {
  getToken: GetToken;
  /** The API base address; tests pin it, the app derives it from the page's host. */
  apiBaseUrl: string;
}

export const defaultStoreExtra: StoreExtra = {
  getToken: () => Promise.resolve(null),
  apiBaseUrl,
};
