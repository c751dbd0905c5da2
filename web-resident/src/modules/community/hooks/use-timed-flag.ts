import { useCallback, useEffect, useRef, useState } from 'react';

/** A flag that `raise` turns on for `ms` milliseconds (showing again restarts the wait). */
export function useTimedFlag(ms: number): [on: boolean, raise: () => void, lower: () => void] {
  const [on, setOn] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lower = useCallback(() => {
    clearTimeout(timer.current);
    setOn(false);
  }, []);
  const raise = useCallback(() => {
    clearTimeout(timer.current);
    setOn(true);
    timer.current = setTimeout(() => setOn(false), ms);
  }, [ms]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return [on, raise, lower];
}
