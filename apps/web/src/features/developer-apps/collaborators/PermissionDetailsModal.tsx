import { COLLABORATOR_ROLES, PERMISSION_MATRIX } from '@lintel/shared';
import { Modal, Table, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Resources } from '../../../i18n/i18next';

// PERMISSION_MATRIX types its actions as strings; i18n.test.ts checks that each one has a label.
type MatrixAction = keyof Resources['developerApps']['collaborators']['matrix']['actions'];

function Mark({ allowed }: { allowed: boolean }) {
  const { t } = useTranslation();
  const label = allowed
    ? t('developerApps.collaborators.matrix.allowed')
    : t('developerApps.collaborators.matrix.denied');
  return (
    <ThemeIcon
      variant="light"
      color={allowed ? 'green' : 'gray'}
      size="sm"
      radius="xl"
      role="img"
      aria-label={label}
      title={label}
    >
      {allowed ? <IconCheck size={14} aria-hidden /> : <IconX size={14} aria-hidden />}
    </ThemeIcon>
  );
}

/** "View permission details": what each role may do (spec 2 §6). */
export function PermissionDetailsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('developerApps.collaborators.matrix.title')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Table aria-label={t('developerApps.collaborators.matrix.title')} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('developerApps.collaborators.matrix.action')}</Table.Th>
            {COLLABORATOR_ROLES.map((role) => (
              <Table.Th key={role} scope="col" ta="center">
                {t(`developerApps.roles.${role}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {PERMISSION_MATRIX.map((row) => (
            <Table.Tr key={row.action}>
              <Table.Th scope="row" fw={400}>
                {t(`developerApps.collaborators.matrix.actions.${row.action as MatrixAction}`)}
              </Table.Th>
              {COLLABORATOR_ROLES.map((role) => (
                <Table.Td key={role} ta="center">
                  <Mark allowed={row[role]} />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
