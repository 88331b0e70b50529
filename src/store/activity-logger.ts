import { useCallback } from 'react';

import type { ActivityAction, LogActivityBody } from '@/contract/activity';
import { api, type StoreExtra } from './api';
import { useAppStore } from './hooks';
import type { AppStore } from './index';
import { ensureApiInstalled } from './install-api';

export type ActivityInput = {
  action: ActivityAction;
  details?: Record<string, unknown>;
  jobId?: string | null;
  searchName?: string | null;
  templateName?: string | null;
};

export type LogActivityResult = { logged: boolean };

export const activityApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST /api/activities/log. Skipped when no token is available; failures go to the
     * console only, so the caller never sees an error.
     */
    logActivity: build.mutation<LogActivityResult, ActivityInput>({
      async queryFn(input, queryApi, _extraOptions, baseQuery) {
        const { getToken } = queryApi.extra as StoreExtra;
        let token: string | null = null;
        try {
          token = await getToken(false);
        } catch {
          token = null;
        }
        if (!token) return { data: { logged: false } };
        const body: LogActivityBody = {
          action: input.action,
          details: input.details ?? {},
          jobId: input.jobId ?? null,
          searchName: input.searchName ?? null,
          templateName: input.templateName ?? null,
        };
        const result = await baseQuery({ url: '/api/activities/log', method: 'POST', body });
        if (result.error) {
          console.warn(`Activity '${input.action}' was not logged`, result.error);
          return { data: { logged: false } };
        }
        return { data: { logged: true } };
      },
    }),
  }),
});

/** Logs an activity from outside React (the session machine's edge). Never throws. */
export async function logActivity(store: AppStore, input: ActivityInput): Promise<boolean> {
  ensureApiInstalled(store);
  try {
    const result = await store.dispatch(activityApi.endpoints.logActivity.initiate(input)).unwrap();
    return result.logged;
  } catch (error) {
    console.warn(`Activity '${input.action}' was not logged`, error);
    return false;
  }
}

/** `const log = useLogActivity(); log({ action: 'view_job', jobId })` — fire and forget. */
export function useLogActivity(): (input: ActivityInput) => void {
  const store = useAppStore();
  return useCallback((input: ActivityInput) => void logActivity(store, input), [store]);
}
