import { addListener, isRejectedWithValue } from '@reduxjs/toolkit';
import { useEffect } from 'react';

import { SessionContext } from '@/lib/session';
import { apiRefusalOf } from '@/machines/api-refusal';
import type { AppStore } from '@/store';

/**
 * Hands the API's refusals to the session: any request answered 401 ends the session (the sign-in
 * page then says why), and a 403 for a module or a role makes the session re-read the user, so the
 * gated screen shows what the account may see. Every RTK Query error passes through the store as a
 * rejected action, so one listener sees them all.
 */
export function ApiRefusalBridge({ store }: { store: AppStore }) {
  const session = SessionContext.useActorRef();
  useEffect(
    () =>
      store.dispatch(
        addListener({
          predicate: (action) => isRejectedWithValue(action),
          effect: (action) => {
            const refusal = apiRefusalOf(isRejectedWithValue(action) ? action.payload : null);
            if (refusal?.kind === 'signedOut') {
              session.send({ type: 'api.unauthorized', reason: refusal.reason });
            } else if (refusal?.kind === 'moduleNotEnabled') {
              session.send({ type: 'api.forbidden', module: refusal.module });
            } else if (refusal?.kind === 'forbidden') {
              session.send({ type: 'api.forbidden', module: null });
            }
          },
        }),
      ),
    [store, session],
  );
  return null;
}
