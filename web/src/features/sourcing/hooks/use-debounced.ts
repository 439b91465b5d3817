// A value that follows another once it has stopped changing for `delay` ms:
// the search runs once per pause in the form, not once per keystroke.
import { useEffect, useState } from 'react';

export function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}
