import { useCallback, useEffect, useState } from 'react';

export interface Challenge {
  token: string;
  a: number;
  b: number;
}

export type CaptchaState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; challenge: Challenge };

/** Fetches a signed sum from the server on load and whenever `refresh` is called. */
export function useCaptcha(enabled: boolean): [CaptchaState, () => void] {
  const [state, setState] = useState<CaptchaState>({ status: 'loading' });
  const refresh = useCallback(() => {
    if (!enabled) return;
    setState({ status: 'loading' });
    fetch('/api/captcha', { cache: 'no-store', headers: { Accept: 'application/json' } })
      .then(async (response) => {
        if (!response.ok) throw new Error(`captcha ${response.status}`);
        setState({ status: 'ready', challenge: (await response.json()) as Challenge });
      })
      .catch(() => setState({ status: 'failed' }));
  }, [enabled]);
  useEffect(refresh, [refresh]);
  return [state, refresh];
}
