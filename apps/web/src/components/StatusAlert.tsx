import { Alert } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';

const tones = {
  error: { color: 'red', Icon: IconAlertCircle },
  success: { color: 'green', Icon: IconCircleCheck },
  info: { color: 'blue', Icon: IconInfoCircle },
  warning: { color: 'yellow', Icon: IconAlertTriangle },
} as const;

interface StatusAlertProps {
  tone: keyof typeof tones;
  title: ReactNode;
  children: ReactNode;
  /** Replaces the tone's icon. */
  icon?: ComponentType<{ 'aria-hidden'?: boolean }>;
  /** `status` for good news; Mantine's default is `alert`. */
  role?: 'alert' | 'status';
}

/** A titled notice in one of four tones (a failed mutation has MutationErrorAlert instead). */
export function StatusAlert({ tone, title, children, icon, role }: StatusAlertProps) {
  const { color, Icon } = tones[tone];
  const Shown = icon ?? Icon;
  return (
    <Alert color={color} role={role} icon={<Shown aria-hidden />} title={title}>
      {children}
    </Alert>
  );
}
