import { useEffect, useState } from 'react';

/**
 * A value that follows `value` once it has stayed the same for `delay` ms (a search asked when the
 * typing pauses, not at every key). An emptied value follows at once: clearing a search shows the
 * whole list without waiting.
 */
export function useDebouncedValue<T>(value: T, delay = 300): T {
  const [settled, setSettled] = useState(value);
  const immediate = value === '' || delay <= 0;
  useEffect(() => {
    if (immediate) {
      setSettled(value);
      return;
    }
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay, immediate]);
  return immediate ? value : settled;
}
