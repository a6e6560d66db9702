import { ActionIcon, Box, Card, Collapse, Group, Text, Title } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A card's content may be folded away only when it is taller than this (spec 2 §9: 66 px). */
export const COLLAPSE_ABOVE_PX = 66;

export interface CollapsibleCardProps {
  id: string;
  title: ReactNode;
  description?: ReactNode;
  /** Buttons at the heading's end (Add component, Edit Permissions). */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * A card of the Configurations tab (spec 2 §2): a section labelled by its heading whose content folds
 * away with the chevron once it is taller than 66 px; shorter content has nothing to fold.
 */
export function CollapsibleCard({ id, title, description, actions, children }: CollapsibleCardProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const { ref, height } = useElementSize();
  const collapsible = height > COLLAPSE_ABOVE_PX;
  const titleId = `${id}-title`;
  const bodyId = `${id}-body`;
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Box miw={0}>
          <Title order={2} size="h4" id={titleId}>
            {title}
          </Title>
          {description ? (
            <Text size="sm" c="dimmed" mt={4}>
              {description}
            </Text>
          ) : null}
        </Box>
        <Group gap="xs" wrap="nowrap">
          {actions}
          {collapsible || !open ? (
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={() => setOpen((current) => !current)}
              aria-expanded={open}
              aria-controls={bodyId}
              aria-label={
                open
                  ? t('manifests.builder.cards.collapse', { title: typeof title === 'string' ? title : '' })
                  : t('manifests.builder.cards.expand', { title: typeof title === 'string' ? title : '' })
              }
            >
              {open ? <IconChevronUp size={18} aria-hidden /> : <IconChevronDown size={18} aria-hidden />}
            </ActionIcon>
          ) : null}
        </Group>
      </Group>
      <Collapse expanded={open} id={bodyId}>
        <Box ref={ref} pt="md">
          {children}
        </Box>
      </Collapse>
    </Card>
  );
}
