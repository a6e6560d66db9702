import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedWindowWidth } from './useDebouncedWindowWidth';

function resizeTo(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

describe('useDebouncedWindowWidth', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1280 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts with the current width', () => {
    const { result } = renderHook(() => useDebouncedWindowWidth(300));
    expect(result.current).toBe(1280);
  });

  it('updates only after resizing has paused for the delay', () => {
    const { result } = renderHook(() => useDebouncedWindowWidth(300));
    act(() => resizeTo(1000));
    act(() => vi.advanceTimersByTime(299));
    expect(result.current).toBe(1280);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(1000);
  });

  it('restarts the delay on every resize event and keeps the last width', () => {
    const { result } = renderHook(() => useDebouncedWindowWidth(300));
    act(() => resizeTo(1200));
    act(() => vi.advanceTimersByTime(200));
    act(() => resizeTo(900));
    act(() => vi.advanceTimersByTime(200));
    act(() => resizeTo(800));
    act(() => vi.advanceTimersByTime(299));
    expect(result.current).toBe(1280);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(800);
  });

  it('stops listening when unmounted', () => {
    const remove = vi.spyOn(window, 'removeEventListener');
    const { unmount } = renderHook(() => useDebouncedWindowWidth(300));
    unmount();
    expect(remove).toHaveBeenCalledWith('resize', expect.any(Function));
  });
});
