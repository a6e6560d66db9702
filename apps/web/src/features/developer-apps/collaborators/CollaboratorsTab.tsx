import {
  COLLABORATOR_ROLES,
  type CollaboratorRole,
  type DeveloperApp,
  hasSingleNewOwner,
  type RoleChange,
} from '@lintel/shared';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Menu,
  Radio,
  ScrollArea,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconDots, IconInfoCircle, IconUserPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { MutationErrorAlert } from '../../../components/MutationErrorAlert';
import { notifySaved } from '../../../components/notifySaved';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { useCurrentUser } from '../../auth/queries';
import { useAppOutlet } from '../detail/appOutlet';
import {
  useCancelInvitation,
  useCollaborators,
  useInvitations,
  useRemoveCollaborator,
  useUpdateCollaborators,
} from '../queries';
import { AddUserModal } from './AddUserModal';
import { PermissionDetailsModal } from './PermissionDetailsModal';
import { type MemberRow, memberRows, roleSelectable, rowActions } from './rules';

type Pending = { kind: 'transfer' | 'remove'; id: number; name: string } | null;
type Changes = Record<number, CollaboratorRole>;

const changeList = (changes: Changes): RoleChange[] =>
  Object.entries(changes).map(([id, role]) => ({ id: Number(id), role }));

/** The edit with `id` given `role`; an app has one owner, so a new choice of owner drops any other. */
function withChoice(
  changes: Changes,
  id: number,
  original: CollaboratorRole,
  role: CollaboratorRole,
): Changes {
  const next = { ...changes };
  if (role === original) delete next[id];
  else next[id] = role;
  if (hasSingleNewOwner(changeList(next))) return next;
  return Object.fromEntries(
    Object.entries(next).filter(([key, chosen]) => chosen !== 'owner' || Number(key) === id),
  );
}

function rowName(row: MemberRow): string {
  return row.kind === 'collaborator' ? row.collaborator.name || row.collaborator.email : row.invitation.email;
}

/** Collaborators and pending invitations, their roles, and inviting more (spec 2 §2 Collaborators tab). */
export function CollaboratorsTab({ app }: { app: DeveloperApp }) {
  const { t } = useTranslation();
  const currentUserId = useCurrentUser()?.id ?? null;
  const collaborators = useCollaborators(app.id);
  const invitations = useInvitations(app.id);
  const update = useUpdateCollaborators(app.id);
  const remove = useRemoveCollaborator(app.id);
  const cancel = useCancelInvitation(app.id);
  const [changes, setChanges] = useState<Changes>({});
  const [adding, setAdding] = useState(false);
  const [showMatrix, setShowMatrix] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  const can = app.permissions;

  const rows =
    collaborators.data && invitations.data ? memberRows(collaborators.data, invitations.data) : null;
  const changed = Object.keys(changes).length > 0;
  const failure = update.error ?? remove.error ?? cancel.error;

  const choose = (id: number, original: CollaboratorRole, role: CollaboratorRole) =>
    setChanges((current) => withChoice(current, id, original, role));

  const saveChanges = (confirmed: boolean) => {
    const list = changeList(changes);
    const transfer = list.find((change) => change.role === 'owner');
    if (transfer && !confirmed) {
      const row = collaborators.data?.find((item) => item.id === transfer.id);
      setPending({ kind: 'transfer', id: transfer.id, name: row?.name ?? '' });
      return;
    }
    update.mutate(list, {
      onSuccess: () => {
        setChanges({});
        setPending(null);
        notifySaved(t('developerApps.collaborators.updated'));
      },
      onError: () => setPending(null),
    });
  };

  const confirmPending = () => {
    if (!pending) return;
    if (pending.kind === 'remove') {
      remove.mutate(pending.id, {
        onSuccess: () => {
          setPending(null);
          notifySaved(t('developerApps.collaborators.removed', { name: pending.name }));
        },
        onError: () => setPending(null),
      });
    } else if (changes[pending.id] === 'owner') {
      saveChanges(true);
    } else {
      update.mutate([{ id: pending.id, role: 'owner' }], {
        onSuccess: () => {
          setChanges({});
          setPending(null);
          notifySaved(t('developerApps.collaborators.transferred', { name: pending.name }));
        },
        onError: () => setPending(null),
      });
    }
  };

  let table: ReactNode;
  if (collaborators.isError || invitations.isError) {
    table = (
      <QueryErrorAlert
        error={collaborators.error ?? invitations.error}
        onRetry={() => {
          void collaborators.refetch();
          void invitations.refetch();
        }}
      />
    );
  } else if (!rows) {
    table = (
      <Center py="lg">
        <Loader size="sm" role="status" aria-label={t('common.loading')} />
      </Center>
    );
  } else {
    table = (
      <ScrollArea type="auto">
        <Table aria-label={t('developerApps.collaborators.table')} verticalSpacing="sm" miw={640}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('developerApps.collaborators.columns.user')}</Table.Th>
              {COLLABORATOR_ROLES.map((role) => (
                <Table.Th key={role} scope="col" ta="center" w={96}>
                  {t(`developerApps.roles.${role}`)}
                </Table.Th>
              ))}
              <Table.Th scope="col" w={64}>
                <VisuallyHidden>{t('developerApps.collaborators.columns.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const name = rowName(row);
              const isSelf = row.kind === 'collaborator' && row.collaborator.user_id === currentUserId;
              const role: CollaboratorRole =
                row.kind === 'collaborator'
                  ? (changes[row.collaborator.id] ?? row.collaborator.role)
                  : row.invitation.role;
              const actions = rowActions(row, currentUserId, can);
              return (
                <Table.Tr key={row.key} data-testid={`member-${row.key}`}>
                  <Table.Td>
                    {row.kind === 'collaborator' ? (
                      <Stack gap={0}>
                        <Group gap="xs">
                          <Text fw={500}>{row.collaborator.name}</Text>
                          {isSelf ? (
                            <Badge size="xs" variant="light">
                              {t('developerApps.collaborators.you')}
                            </Badge>
                          ) : null}
                        </Group>
                        <Text size="sm" c="dimmed">
                          {row.collaborator.email}
                        </Text>
                      </Stack>
                    ) : (
                      <Stack gap={0}>
                        <Text fw={500}>{row.invitation.email}</Text>
                        <Group gap="xs">
                          <Badge size="xs" variant="outline" color="orange">
                            {t('developerApps.collaborators.pendingInvite')}
                          </Badge>
                        </Group>
                      </Stack>
                    )}
                  </Table.Td>
                  {COLLABORATOR_ROLES.map((option) => (
                    <Table.Td key={option} ta="center">
                      <Center>
                        <Radio
                          name={`role-${row.key}`}
                          value={option}
                          checked={role === option}
                          disabled={!roleSelectable(row, option, currentUserId, can)}
                          aria-label={t('developerApps.collaborators.roleFor', {
                            role: t(`developerApps.roles.${option}`),
                            name,
                          })}
                          onChange={() => {
                            if (row.kind === 'collaborator')
                              choose(row.collaborator.id, row.collaborator.role, option);
                          }}
                        />
                      </Center>
                    </Table.Td>
                  ))}
                  <Table.Td>
                    {/* No focus placeholder inside role="menu" (axe aria-required-children). */}
                    {actions.length > 0 ? (
                      <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
                        <Menu.Target>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={t('developerApps.collaborators.menu', { name })}
                          >
                            <IconDots size={18} aria-hidden />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          {actions.map((action) => (
                            <Menu.Item
                              key={action}
                              color={action === 'transferOwnership' ? undefined : 'red'}
                              onClick={() => {
                                if (row.kind === 'invitation') cancel.mutate(row.invitation.id);
                                else
                                  setPending({
                                    kind: action === 'remove' ? 'remove' : 'transfer',
                                    id: row.collaborator.id,
                                    name,
                                  });
                              }}
                            >
                              {t(`developerApps.collaborators.actions.${action}`)}
                            </Menu.Item>
                          ))}
                        </Menu.Dropdown>
                      </Menu>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    );
  }

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="collaborators-title">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={2} size="h4" id="collaborators-title">
          {t('developerApps.tabs.collaborators')}
        </Title>
        <Group gap="xs">
          <Button
            variant="subtle"
            leftSection={<IconInfoCircle size={16} aria-hidden />}
            onClick={() => setShowMatrix(true)}
          >
            {t('developerApps.collaborators.viewPermissions')}
          </Button>
          {can.canManageCollaborators ? (
            <>
              <Button
                variant="default"
                disabled={!changed}
                loading={update.isPending && !pending}
                onClick={() => saveChanges(false)}
              >
                {t('developerApps.collaborators.update')}
              </Button>
              <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
                {t('developerApps.collaborators.addUser')}
              </Button>
            </>
          ) : null}
        </Group>
      </Group>
      <Stack gap="sm">
        <MutationErrorAlert error={failure} title={t('developerApps.errorOccurred')} />
        {table}
      </Stack>
      <AddUserModal
        appId={app.id}
        opened={adding}
        onClose={() => setAdding(false)}
        onInvited={(email) => {
          setAdding(false);
          notifySaved(t('developerApps.collaborators.invited', { email }));
        }}
      />
      <PermissionDetailsModal opened={showMatrix} onClose={() => setShowMatrix(false)} />
      <ConfirmModal
        opened={pending !== null}
        title={
          pending?.kind === 'remove'
            ? t('developerApps.collaborators.confirmRemove.title')
            : t('developerApps.collaborators.confirmTransfer.title')
        }
        message={
          pending?.kind === 'remove'
            ? t('developerApps.collaborators.confirmRemove.message', { name: pending?.name ?? '' })
            : t('developerApps.collaborators.confirmTransfer.message', { name: pending?.name ?? '' })
        }
        confirmLabel={
          pending?.kind === 'remove'
            ? t('developerApps.collaborators.actions.remove')
            : t('developerApps.collaborators.actions.transferOwnership')
        }
        danger
        loading={remove.isPending || update.isPending}
        onCancel={() => setPending(null)}
        onConfirm={confirmPending}
      />
    </Card>
  );
}

export default function CollaboratorsRoute() {
  const { app } = useAppOutlet();
  return <CollaboratorsTab app={app} />;
}
