import { useEffect, useState } from 'react';

function currentWidth(): number {
  return typeof window === 'undefined' ? Number.POSITIVE_INFINITY : window.innerWidth;
}

/**
 * The window's inner width, updated only once resizing has paused for `delayMs`
 * (spec 1 §9: resize handling is debounced 300 ms).
 */
export function useDebouncedWindowWidth(delayMs = 300): number {
  const [width, setWidth] = useState(currentWidth);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setWidth(currentWidth()), delayMs);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, [delayMs]);

  return width;
}
