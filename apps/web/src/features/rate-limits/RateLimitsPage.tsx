import type { RateLimitBucket } from '@lintel/shared';
import {
  Alert,
  Breadcrumbs,
  Button,
  Card,
  Container,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { sectionErrorMessage } from '../../api/errorText';
import { guardAccess } from '../../components/AccessGuard';
import { notifySaved } from '../../components/notifySaved';
import { QueryErrorAlert } from '../../components/QueryErrorAlert';
import { BucketForm, type BucketFormValues, bucketValues, newBucketValues } from './BucketForm';
import {
  useBuckets,
  useCreateBucket,
  useDeleteBucket,
  useQuotaMinderServers,
  useUpdateBucket,
} from './queries';

/** Admin > Rate limits (spec 1 §2 "Rate-limit bucket admin page"): buckets per quota-minder server. */
export function RateLimitsPage() {
  const { t } = useTranslation();
  const servers = useQuotaMinderServers();
  const [searchParams, setSearchParams] = useSearchParams();

  const denied = guardAccess(servers.error);
  if (denied) return denied;
  if (servers.error) return <QueryErrorAlert error={servers.error} onRetry={() => void servers.refetch()} />;

  const list = servers.data?.data ?? [];
  const asked = searchParams.get('server');
  const server = list.find((name) => name === asked) ?? list[0] ?? null;

  return (
    <Container size="xl" py="md">
      <Breadcrumbs mb="xs" role="navigation" aria-label={t('common.breadcrumbs')}>
        <Text size="sm" c="dimmed">
          {t('shell.nav.admin')}
        </Text>
        <Text size="sm" aria-current="page">
          {t('rateLimits.title')}
        </Text>
      </Breadcrumbs>
      <Title order={1}>{t('rateLimits.title')}</Title>
      <Text c="dimmed" mt={4} mb="lg">
        {t('rateLimits.description')}
      </Text>
      {servers.isPending || server === null ? (
        <Group>
          <Loader size="sm" />
          <Text>{t('rateLimits.server.loading')}</Text>
        </Group>
      ) : (
        <ServerBuckets
          key={server}
          servers={list}
          server={server}
          onServerChange={(next) => setSearchParams({ server: next }, { replace: true })}
        />
      )}
    </Container>
  );
}

/** A failed bucket call: the server's message in a browser alert (spec 1 §8). */
function useFailureAlert() {
  const { t, i18n } = useTranslation();
  return (error: unknown) => window.alert(sectionErrorMessage(t, error, { language: i18n.resolvedLanguage }));
}

function ServerBuckets({
  servers,
  server,
  onServerChange,
}: {
  servers: readonly string[];
  server: string;
  onServerChange: (server: string) => void;
}) {
  const { t } = useTranslation();
  const [retrieved, setRetrieved] = useState(false);
  const buckets = useBuckets(retrieved ? server : null);
  const create = useCreateBucket(server);
  const [formKey, setFormKey] = useState(0);
  const alertFailure = useFailureAlert();

  // A failed retrieve is a failed bucket call too: its message goes to an alert once per failure
  // (spec 1 §8), the banner below keeps the page from being blank. A failure cached from an earlier
  // visit (older than this view) is not announced again.
  const announcedAt = useRef(Date.now());
  useEffect(() => {
    if (!buckets.error || buckets.errorUpdatedAt < announcedAt.current) return;
    announcedAt.current = buckets.errorUpdatedAt + 1;
    alertFailure(buckets.error);
  }, [buckets.error, buckets.errorUpdatedAt, alertFailure]);

  const add = (values: BucketFormValues) => {
    if (!window.confirm(t('rateLimits.confirm.create', { name: values.name, server }))) return;
    create.mutate(values, {
      onSuccess: () => {
        notifySaved(t('rateLimits.saved.created'));
        setFormKey((key) => key + 1);
        setRetrieved(true);
      },
      onError: alertFailure,
    });
  };

  return (
    <Stack gap="lg">
      <Group align="flex-end">
        <Select
          label={t('rateLimits.server.label')}
          data={[...servers]}
          value={server}
          allowDeselect={false}
          onChange={(value) => {
            if (value) onServerChange(value);
          }}
          w={260}
        />
        <Button
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={buckets.isFetching}
          onClick={() => (retrieved ? void buckets.refetch() : setRetrieved(true))}
        >
          {t('rateLimits.server.retrieve')}
        </Button>
      </Group>
      <Card withBorder padding="md">
        <Title order={2} size="h4" mb="sm">
          {t('rateLimits.form.addTitle', { server })}
        </Title>
        <BucketForm
          key={formKey}
          idPrefix="new-bucket"
          initial={newBucketValues()}
          submitLabel={t('rateLimits.form.add')}
          submitting={create.isPending}
          onSubmit={add}
        />
      </Card>
      {!retrieved ? (
        <Text c="dimmed">{t('rateLimits.server.notRetrieved')}</Text>
      ) : buckets.error ? (
        <Alert color="red" role="alert" title={t('errors.loadFailed')}>
          <FailureText error={buckets.error} />
        </Alert>
      ) : buckets.data ? (
        <BucketTable server={server} buckets={buckets.data.data} />
      ) : (
        <Loader size="sm" role="status" aria-label={t('rateLimits.server.retrieve')} />
      )}
    </Stack>
  );
}

function FailureText({ error }: { error: unknown }) {
  const { t, i18n } = useTranslation();
  return <Text size="sm">{sectionErrorMessage(t, error, { language: i18n.resolvedLanguage })}</Text>;
}

function BucketTable({ server, buckets }: { server: string; buckets: RateLimitBucket[] }) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState<RateLimitBucket | null>(null);
  const update = useUpdateBucket(server);
  const remove = useDeleteBucket(server);
  const alertFailure = useFailureAlert();
  const number = new Intl.NumberFormat(i18n.resolvedLanguage);

  const save = (bucket: RateLimitBucket, values: BucketFormValues) => {
    if (!window.confirm(t('rateLimits.confirm.update', { name: bucket.name, server }))) return;
    update.mutate(
      { id: bucket.id, ...values },
      {
        onSuccess: () => {
          notifySaved(t('rateLimits.saved.updated'));
          setEditing(null);
        },
        onError: alertFailure,
      },
    );
  };

  const destroy = (bucket: RateLimitBucket) => {
    if (!window.confirm(t('rateLimits.confirm.delete', { name: bucket.name, server }))) return;
    remove.mutate(bucket.id, {
      onSuccess: () => notifySaved(t('rateLimits.saved.deleted')),
      onError: alertFailure,
    });
  };

  if (buckets.length === 0) return <Text>{t('rateLimits.table.empty')}</Text>;

  return (
    <>
      <Table.ScrollContainer minWidth={720}>
        <Table striped aria-label={t('rateLimits.table.label', { server })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('rateLimits.table.name')}</Table.Th>
              <Table.Th>{t('rateLimits.table.clientId')}</Table.Th>
              <Table.Th>{t('rateLimits.table.domain')}</Table.Th>
              <Table.Th>{t('rateLimits.table.templates')}</Table.Th>
              <Table.Th>{t('rateLimits.table.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {buckets.map((bucket) => (
              <Table.Tr key={bucket.id}>
                <Table.Td>{bucket.name}</Table.Td>
                <Table.Td>{bucket.client_id}</Table.Td>
                <Table.Td>{bucket.domain}</Table.Td>
                <Table.Td>
                  <Stack gap={0}>
                    {bucket.bucket_templates.map((template) => (
                      <Text size="sm" key={template.name}>
                        {t('rateLimits.table.template', {
                          name: template.name,
                          fillType: t(`rateLimits.fillType.${template.fill_type}`),
                          interval: number.format(template.interval_ms),
                          limit: number.format(template.limit),
                        })}
                      </Text>
                    ))}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="light"
                      aria-label={t('rateLimits.table.editLabel', { name: bucket.name })}
                      onClick={() => setEditing(bucket)}
                    >
                      {t('rateLimits.table.edit')}
                    </Button>
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      aria-label={t('rateLimits.table.deleteLabel', { name: bucket.name })}
                      loading={remove.isPending && remove.variables === bucket.id}
                      onClick={() => destroy(bucket)}
                    >
                      {t('rateLimits.table.delete')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        size="xl"
        closeButtonProps={{ 'aria-label': t('common.close') }}
        title={editing ? t('rateLimits.form.editTitle', { name: editing.name, server }) : ''}
      >
        {editing ? (
          <BucketForm
            idPrefix={`bucket-${editing.id}`}
            initial={bucketValues(editing)}
            submitLabel={t('rateLimits.form.save')}
            submitting={update.isPending}
            onSubmit={(values) => save(editing, values)}
            onCancel={() => setEditing(null)}
          />
        ) : null}
      </Modal>
    </>
  );
}

export default RateLimitsPage;
