import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

import type { useFinishUpworkConnectMutation } from './jobs.api';

type FinishConnect = ReturnType<typeof useFinishUpworkConnectMutation>[0];

/** Back from Upwork: finish once, then take the code out of the address bar. */
export function useUpworkOAuthReturn(enabled: boolean, finish: FinishConnect) {
  const [params, setParams] = useSearchParams();
  const handled = useRef(false);
  useEffect(() => {
    const code = params.get('code');
    const state = params.get('state');
    const denied = params.get('error');
    if (!enabled || handled.current || (!code && !denied)) return;
    handled.current = true;
    const next = new URLSearchParams(params);
    for (const key of ['code', 'state', 'error', 'error_description']) next.delete(key);
    setParams(next, { replace: true });
    if (code && state) void finish({ code, state });
  }, [enabled, params, setParams, finish]);
}
