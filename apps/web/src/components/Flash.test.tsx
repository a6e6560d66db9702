import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { FLASH_FADE_MS, FLASH_VISIBLE_MS, Flash } from './Flash';

describe('Flash', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('uses the spec timings: 3 s visible, 1 s fade', () => {
    expect(FLASH_VISIBLE_MS).toBe(3000);
    expect(FLASH_FADE_MS).toBe(1000);
  });

  it('stays fully visible for 3 s, fades over 1 s, then leaves the page', () => {
    const onDone = vi.fn();
    renderWithProviders(<Flash onDone={onDone}>Confirmation e-mail sent</Flash>);
    const flash = screen.getByRole('status');
    expect(flash).toHaveTextContent('Confirmation e-mail sent');
    expect(flash).toHaveStyle({ opacity: '1' });
    expect(flash.style.transition).toContain('opacity 1000ms');

    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByRole('status')).toHaveStyle({ opacity: '1' });

    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toHaveStyle({ opacity: '0' });
    expect(screen.getByRole('status')).toHaveAttribute('data-phase', 'fading');

    act(() => vi.advanceTimersByTime(999));
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('accepts other timings', () => {
    renderWithProviders(
      <Flash visibleMs={100} fadeMs={50}>
        Saved
      </Flash>,
    );
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByRole('status')).toHaveStyle({ opacity: '0' });
    act(() => vi.advanceTimersByTime(50));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('leaves without fading after 3 s when the user asks for reduced motion', () => {
    const reduce = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('prefers-reduced-motion: reduce'),
          media: query,
          onchange: null,
          addListener: vi.fn(),
          removeListener: vi.fn(),
          addEventListener: vi.fn(),
          removeEventListener: vi.fn(),
          dispatchEvent: vi.fn(),
        }) as unknown as MediaQueryList,
    );
    try {
      const onDone = vi.fn();
      renderWithProviders(<Flash onDone={onDone}>Saved</Flash>);
      act(() => vi.advanceTimersByTime(2999));
      expect(screen.getByRole('status')).toHaveStyle({ opacity: '1' });
      act(() => vi.advanceTimersByTime(1));
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      expect(onDone).toHaveBeenCalledTimes(1);
    } finally {
      reduce.mockRestore();
    }
  });
});
