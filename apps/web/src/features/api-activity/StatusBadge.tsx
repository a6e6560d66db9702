import { statusClassOf } from '@lintel/shared';
import { Badge } from '@mantine/core';

const COLORS = { '2xx': 'green', '3xx': 'blue', '4xx': 'orange', '5xx': 'red' } as const;

/** A call's status, colored by its class (2xx green, 3xx blue, 4xx orange, 5xx red). */
export function StatusBadge({ status }: { status: number }) {
  const statusClass = statusClassOf(status);
  return (
    <Badge color={statusClass ? COLORS[statusClass] : 'gray'} variant="light" radius="sm" ff="monospace">
      {status}
    </Badge>
  );
}
