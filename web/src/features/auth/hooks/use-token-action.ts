// Runs a one-time link's call once per token, when the page opens. Tokens can
// be used only once, so the call must not repeat when React mounts twice in
// development or when the page re-renders.
import { useEffect, useRef } from 'react';

export function useTokenAction(token: string | null, run: (token: string) => void): void {
  const usedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!token || usedFor.current === token) return;
    usedFor.current = token;
    run(token);
    // `run` is a fresh function each render: only a new token runs it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a token is used once, whatever `run` is now
  }, [token]);
}
