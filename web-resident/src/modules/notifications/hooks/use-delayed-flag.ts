import { useEffect, useState } from 'react';

/** False for the first `ms` milliseconds after the component mounts, then true. */
export function useDelayedFlag(ms: number): boolean {
  const [on, setOn] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setOn(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return on;
}
