import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';

/** A body as sent or answered, indented when it is JSON. */
export function prettyBody(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** HTTP headers as a two-column table, sorted by name; the empty text when there are none. */
export function HeadersTable({
  headers,
  labels,
  caption,
  fz,
}: {
  headers: Record<string, string>;
  labels: { header: string; value: string; none: string };
  caption?: string;
  fz?: 'xs' | 'sm';
}) {
  const rows = Object.entries(headers).sort(([a], [b]) => a.localeCompare(b));
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {labels.none}
      </Text>
    );
  }
  return (
    <Table layout="fixed" withTableBorder striped fz={fz}>
      {caption ? <Table.Caption>{caption}</Table.Caption> : null}
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="35%">{labels.header}</Table.Th>
          <Table.Th>{labels.value}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map(([name, value]) => (
          <Table.Tr key={name}>
            <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Table.Td>
            <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A live log's state and its pause/resume button (API activity, webhook deliveries). */
export function LiveToggle({
  live,
  onToggle,
  labels,
}: {
  live: boolean;
  onToggle: () => void;
  labels: { on: string; paused: string; hint: string; pause: string; resume: string };
}) {
  return (
    <Group gap="xs">
      <Badge color={live ? 'green' : 'gray'} variant="dot" size="lg" title={live ? labels.hint : undefined}>
        {live ? labels.on : labels.paused}
      </Badge>
      <Button
        variant="default"
        size="xs"
        aria-pressed={!live}
        leftSection={
          live ? <IconPlayerPause size={14} aria-hidden /> : <IconPlayerPlay size={14} aria-hidden />
        }
        onClick={onToggle}
      >
        {live ? labels.pause : labels.resume}
      </Button>
    </Group>
  );
}

/** The foot of a newest-first log: "Load older" while there is more, else the end. */
export function LoadOlder({
  pages,
  labels,
}: {
  pages: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  labels: { loadOlder: string; end: string };
}) {
  return (
    <Group justify="center">
      {pages.hasNextPage ? (
        <Button variant="light" loading={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
          {labels.loadOlder}
        </Button>
      ) : (
        <Text size="xs" c="dimmed">
          {labels.end}
        </Text>
      )}
    </Group>
  );
}
