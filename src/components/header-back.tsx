import { createContext, useContext, useEffect, useRef } from 'react';

type Register = (handler: (() => void) | null) => void;

/** The layout's slot for the header's back arrow; screens of a flow fill it through `useHeaderBack`. */
export const HeaderBackContext = createContext<Register>(() => {});

/**
 * Makes the header's back arrow do `handler` while the screen is shown (a booking step's back is its machine's
 * `back.requested`, not the browser's history). The layout falls back to history when no screen sets one.
 */
export function useHeaderBack(handler: () => void): void {
  const register = useContext(HeaderBackContext);
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    register(() => latest.current());
    return () => register(null);
  }, [register]);
}
