import { PERMISSION_CATALOGUE, type PermissionScope } from '@lintel/shared/manifests';
import { Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconCheck, IconLock, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePermissionCatalogue } from '../queries';
import { toolName } from '../toolNames';
import { CollapsibleCard } from './CollapsibleCard';
import type { AuthenticationValue } from './PermissionsDrawer';

export interface PermissionsCardProps {
  value: AuthenticationValue;
  editable: boolean;
  onEdit: () => void;
}

/**
 * Data Connector Components (spec 2 §2): which authentication the app asks for and, for a service account,
 * the level of each company and project tool, with Edit Permissions.
 */
export function PermissionsCard({ value, editable, onEdit }: PermissionsCardProps) {
  const { t } = useTranslation();
  const catalogue = usePermissionCatalogue().data ?? PERMISSION_CATALOGUE;
  const friendly = (scope: PermissionScope, name: string) =>
    toolName(t, scope, catalogue[scope].find((tool) => tool.name === name) ?? { name });

  const flagLine = (on: boolean, label: string) => (
    <Group gap="xs" wrap="nowrap">
      {on ? (
        <IconCheck size={16} color="var(--mantine-color-green-7)" aria-hidden />
      ) : (
        <IconX size={16} aria-hidden />
      )}
      <Text size="sm">
        {label}: {on ? t('manifests.builder.permissions.on') : t('manifests.builder.permissions.off')}
      </Text>
    </Group>
  );

  return (
    <CollapsibleCard
      id="data-connector-components"
      title={t('manifests.builder.permissions.title')}
      description={t('manifests.builder.permissions.description')}
      actions={
        editable ? (
          <Button size="xs" variant="light" leftSection={<IconLock size={14} aria-hidden />} onClick={onEdit}>
            {t('manifests.builder.permissions.edit')}
          </Button>
        ) : null
      }
    >
      <Stack gap="xs">
        {flagLine(value.auth_code_enabled, t('manifests.builder.permissions.userLevel'))}
        {flagLine(value.service_account_enabled, t('manifests.builder.permissions.serviceAccount'))}
        {value.service_account_enabled
          ? (['company', 'project'] as const).map((scope) => {
              const entries = Object.entries(value.permissions[scope]);
              return (
                <Stack gap={4} key={scope}>
                  <Text size="sm" fw={600}>
                    {t(`manifests.builder.permissions.${scope}`)}
                  </Text>
                  {entries.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      {t('manifests.builder.permissions.noTools')}
                    </Text>
                  ) : (
                    <List size="sm" spacing={2} aria-label={t(`manifests.builder.permissions.${scope}Tools`)}>
                      {entries.map(([tool, level]) => (
                        <List.Item key={tool}>
                          {friendly(scope, tool)}{' '}
                          <Badge size="sm" variant="light">
                            {t(`manifests.builder.permissions.levels.${level}`)}
                          </Badge>
                        </List.Item>
                      ))}
                    </List>
                  )}
                </Stack>
              );
            })
          : null}
      </Stack>
    </CollapsibleCard>
  );
}
