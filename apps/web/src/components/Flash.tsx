import { Alert, type AlertProps } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { type ReactNode, useEffect, useState } from 'react';

export const FLASH_VISIBLE_MS = 3000;
export const FLASH_FADE_MS = 1000;

export interface FlashProps extends Omit<AlertProps, 'children' | 'style'> {
  children: ReactNode;
  /** How long the message stays fully visible before fading (spec 1 §9: 3 s). */
  visibleMs?: number;
  /** Length of the fade-out (spec 1 §9: 1 s). */
  fadeMs?: number;
  /** Called once the flash has faded out and left the page. */
  onDone?: () => void;
}

type Phase = 'shown' | 'fading' | 'gone';

/**
 * A transient message that fades out with a CSS opacity transition, then unmounts. A user who asks for
 * reduced motion sees it for the same time and then not at all, without the fade.
 */
export function Flash({
  children,
  visibleMs = FLASH_VISIBLE_MS,
  fadeMs: requestedFadeMs = FLASH_FADE_MS,
  onDone,
  color = 'green',
  ...props
}: FlashProps) {
  const [phase, setPhase] = useState<Phase>('shown');
  const fadeMs = useReducedMotion() ? 0 : requestedFadeMs;

  useEffect(() => {
    const fade = setTimeout(() => setPhase('fading'), visibleMs);
    const gone = setTimeout(() => setPhase('gone'), visibleMs + fadeMs);
    return () => {
      clearTimeout(fade);
      clearTimeout(gone);
    };
  }, [visibleMs, fadeMs]);

  useEffect(() => {
    if (phase === 'gone') onDone?.();
  }, [phase, onDone]);

  if (phase === 'gone') return null;
  return (
    <Alert
      role="status"
      aria-live="polite"
      color={color}
      data-phase={phase}
      {...props}
      style={{ opacity: phase === 'fading' ? 0 : 1, transition: `opacity ${fadeMs}ms ease-out` }}
    >
      {children}
    </Alert>
  );
}
