import {
  Alert,
  Button,
  Group,
  Modal,
  ScrollArea,
  SegmentedControl,
  Stack,
  Table,
  Tabs,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toolName } from '../toolNames';
import type { Levels, ScopedLevels } from './documents';

/** One tool of the permission catalogue (spec 2 §3): manifest key, label, level ids it does not offer. */
export interface CatalogueTool {
  name: string;
  friendly_name: string;
  disabled_uals: number[];
}
export interface PermissionCatalogue {
  company: CatalogueTool[];
  project: CatalogueTool[];
}

/** The levels by their catalogue ids (spec 2 §3: none 1, readonly 2, standard 3, admin 4). */
const LEVELS = [
  { id: 1, value: 'none', label: 'classicManifests.permissions.levels.none' },
  { id: 2, value: 'readonly', label: 'classicManifests.permissions.levels.readonly' },
  { id: 3, value: 'standard', label: 'classicManifests.permissions.levels.standard' },
  { id: 4, value: 'admin', label: 'classicManifests.permissions.levels.admin' },
] as const;

type Scope = keyof ScopedLevels;

export interface PermissionBuilderModalProps {
  opened: boolean;
  onClose: () => void;
  catalogue: PermissionCatalogue | undefined;
  /** The permissions the manifest grants now; null when they could not be read from its text. */
  initial: ScopedLevels | null;
  onApply: (levels: ScopedLevels) => void;
}

function ScopeTable({
  scope,
  tools,
  levels,
  onChange,
}: {
  scope: Scope;
  tools: CatalogueTool[];
  levels: Levels;
  onChange: (tool: string, level: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Table striped verticalSpacing="xs" aria-label={t(`classicManifests.permissions.scopes.${scope}`)}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('classicManifests.permissions.tool')}</Table.Th>
          <Table.Th>{t('classicManifests.permissions.level')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {tools.map((tool) => (
          <Table.Tr key={tool.name}>
            <Table.Td>
              <Text size="sm" id={`permission-${scope}-${tool.name}`}>
                {toolName(t, scope, tool)}
              </Text>
            </Table.Td>
            <Table.Td>
              <SegmentedControl
                size="xs"
                aria-labelledby={`permission-${scope}-${tool.name}`}
                value={levels[tool.name] ?? 'none'}
                onChange={(level) => onChange(tool.name, level)}
                data={LEVELS.map((level) => ({
                  value: level.value,
                  label: t(level.label),
                  disabled: tool.disabled_uals.includes(level.id),
                }))}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The permission builder of the JSON editor (spec 2 §2): a level per company and project tool, levels
 * the catalogue disables for a tool not selectable; applying writes `permissions` into the manifest.
 */
export function PermissionBuilderModal({
  opened,
  onClose,
  catalogue,
  initial,
  onApply,
}: PermissionBuilderModalProps) {
  const { t } = useTranslation();
  const [levels, setLevels] = useState<ScopedLevels>(initial ?? { company: {}, project: {} });

  const change = (scope: Scope) => (tool: string, level: string) =>
    setLevels((current) => {
      const next = { ...current[scope] };
      if (level === 'none') delete next[tool];
      else next[tool] = level;
      return { ...current, [scope]: next };
    });

  return (
    <Modal
      opened={opened}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      onClose={onClose}
      title={t('classicManifests.permissions.title')}
      size="xl"
      centered
    >
      {initial === null ? (
        <Alert color="red" title={t('classicManifests.permissions.parseError')}>
          {t('classicManifests.permissions.parseErrorHint')}
        </Alert>
      ) : (
        <Stack>
          <Tabs defaultValue="company">
            <Tabs.List>
              <Tabs.Tab value="company">{t('classicManifests.permissions.scopes.company')}</Tabs.Tab>
              <Tabs.Tab value="project">{t('classicManifests.permissions.scopes.project')}</Tabs.Tab>
            </Tabs.List>
            {(['company', 'project'] as const).map((scope) => (
              <Tabs.Panel key={scope} value={scope} pt="sm">
                <ScrollArea.Autosize mah="55vh">
                  <ScopeTable
                    scope={scope}
                    tools={catalogue?.[scope] ?? []}
                    levels={levels[scope]}
                    onChange={change(scope)}
                  />
                </ScrollArea.Autosize>
              </Tabs.Panel>
            ))}
          </Tabs>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button onClick={() => onApply(levels)} disabled={!catalogue}>
              {t('classicManifests.permissions.apply')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
