import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/** A form's submit button, at the end of its own row. */
export function SubmitRow({
  children,
  disabled,
  loading,
}: {
  children: ReactNode;
  disabled?: boolean;
  loading?: boolean;
}) {
  return (
    <Group justify="flex-end">
      <Button type="submit" disabled={disabled} loading={loading}>
        {children}
      </Button>
    </Group>
  );
}
