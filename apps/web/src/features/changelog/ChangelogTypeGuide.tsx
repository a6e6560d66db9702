import { CHANGELOG_TYPES } from '@lintel/shared';
import { Badge, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TYPE_COLORS } from './types';

/** The right sidebar: what each change type means (spec 2 §2). */
export function ChangelogTypeGuide() {
  const { t } = useTranslation();
  return (
    <Paper component="aside" withBorder p="md" radius="md" aria-labelledby="changelog-type-guide">
      <Title order={2} size="h5" id="changelog-type-guide" mb="sm">
        {t('changelog.typeHelp.title')}
      </Title>
      <Stack gap="sm" component="dl" m={0}>
        {CHANGELOG_TYPES.map((type) => (
          <div key={type}>
            <dt>
              <Badge color={TYPE_COLORS[type]} variant="light">
                {t(`changelog.types.${type}`)}
              </Badge>
            </dt>
            <Text component="dd" size="sm" ml={0} mt={4}>
              {t(`changelog.typeHelp.${type}`)}
            </Text>
          </div>
        ))}
      </Stack>
      <Text size="xs" c="dimmed" mt="md">
        {t('changelog.lifecycle')}
      </Text>
    </Paper>
  );
}
