import { useCallback, useEffect, useRef, useState } from 'react';

export interface Challenge {
  token: string;
  a: number;
  b: number;
}

export type CaptchaState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; challenge: Challenge };

/**
 * Fetches a signed sum from the server on hydration and whenever `refresh` is called. A sum the
 * server already put in the page (the no-script captcha step) is used first: it is single-use and unspent.
 */
export function useCaptcha(enabled: boolean, issued?: Challenge): [CaptchaState, () => void] {
  const [state, setState] = useState<CaptchaState>(
    issued ? { status: 'ready', challenge: issued } : { status: 'loading' },
  );
  const skipFirst = useRef(issued !== undefined);
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
  useEffect(() => {
    if (skipFirst.current) skipFirst.current = false;
    else refresh();
  }, [refresh]);
  return [state, refresh];
}
