import { Card, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface SectionCardProps {
  /** Prefix of the heading's id (`${id}-title`), which labels the section. */
  id: string;
  title: ReactNode;
  size?: 'h3' | 'h4';
  /** Dimmed text under the heading. */
  description?: ReactNode;
  /** Shown at the heading's end (a status badge). */
  aside?: ReactNode;
  children: ReactNode;
}

/** A bordered settings card: one `<section>` labelled by its level-2 heading. */
export function SectionCard({ id, title, size = 'h4', description, aside, children }: SectionCardProps) {
  const titleId = `${id}-title`;
  const heading = (
    <Title order={2} size={size} id={titleId} mb={aside ? undefined : description ? 'xs' : 'md'}>
      {title}
    </Title>
  );
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={titleId}>
      {aside ? (
        <Group justify="space-between" mb="md">
          {heading}
          {aside}
        </Group>
      ) : (
        heading
      )}
      {description ? (
        <Text size="sm" c="dimmed" mb="md">
          {description}
        </Text>
      ) : null}
      {children}
    </Card>
  );
}
