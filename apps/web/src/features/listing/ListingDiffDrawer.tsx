import { type DiffMedia, LISTING_TABS, type ListingDiff, type ListingTab } from '@lintel/shared/listing';
import { Badge, Drawer, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { describeValue, labelOfPath } from './changes';
import type { ListingReferences } from './editorContext';

export interface ListingDiffDrawerProps {
  opened: boolean;
  onClose: () => void;
  /** The listing under review against the published one; null when nothing is published. */
  diff: ListingDiff | null;
  references: ListingReferences;
  /** Names of app versions by id (the published listing's may no longer be offered). */
  versions?: Record<number, string>;
}

const fileName = (item: DiffMedia | null) => item?.original_filename || item?.name || '';

/**
 * The full field-by-field diff of the listing under review against the published one (issue 10): text,
 * lists and media, by tab, for admins and for the developer.
 */
export function ListingDiffDrawer({ opened, onClose, diff, references, versions }: ListingDiffDrawerProps) {
  const { t, i18n } = useTranslation();
  const loose = t as unknown as Parameters<typeof labelOfPath>[0];
  const tabs = LISTING_TABS.filter(
    (tab) => diff?.fields.some((c) => c.tab === tab) || diff?.media.some((c) => c.tab === tab),
  );
  const mediaChange = (change: ListingDiff['media'][number]) =>
    change.change === 'added'
      ? t('listing.diff.added')
      : change.change === 'removed'
        ? t('listing.diff.removed')
        : t('listing.diff.described');

  const section = (tab: ListingTab) => (
    <Stack key={tab} gap="xs" component="section" aria-labelledby={`diff-${tab}`}>
      <Title order={3} size="h5" id={`diff-${tab}`}>
        {t(`listing.tabs.${tab}`)}
      </Title>
      <Table withTableBorder striped layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="28%">{t('listing.diff.field')}</Table.Th>
            <Table.Th>{t('listing.diff.published')}</Table.Th>
            <Table.Th>{t('listing.diff.review')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {diff?.fields
            .filter((change) => change.tab === tab)
            .map((change) => (
              <Table.Tr key={change.path}>
                <Table.Td>{labelOfPath(loose, i18n.language, change.path)}</Table.Td>
                <Table.Td className="listing-diff-before">
                  <Text size="sm" td={change.before === null ? undefined : 'line-through'} c="dimmed">
                    {describeValue(loose, i18n.language, change.path, change.before, references, versions)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {describeValue(loose, i18n.language, change.path, change.after, references, versions)}
                  </Text>
                  {change.added?.length || change.removed?.length ? (
                    <Text size="xs" c="dimmed">
                      {[
                        change.added?.length
                          ? `${t('listing.diff.added')}: ${describeValue(loose, i18n.language, change.path, change.added, references, versions)}`
                          : '',
                        change.removed?.length
                          ? `${t('listing.diff.removed')}: ${describeValue(loose, i18n.language, change.path, change.removed, references, versions)}`
                          : '',
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          {diff?.media
            .filter((change) => change.tab === tab)
            .map((change) => (
              <Table.Tr
                key={`${change.path}-${change.change}-${change.before?.id ?? ''}-${change.after?.id ?? ''}`}
              >
                <Table.Td>
                  {labelOfPath(loose, i18n.language, change.path)}{' '}
                  <Badge size="xs" variant="light" color={change.change === 'removed' ? 'red' : 'green'}>
                    {mediaChange(change)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed" td={change.before ? 'line-through' : undefined}>
                    {change.before
                      ? [fileName(change.before), change.before.description].filter(Boolean).join(' — ')
                      : t('listing.diff.empty')}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {change.after
                      ? [fileName(change.after), change.after.description].filter(Boolean).join(' — ')
                      : t('listing.diff.empty')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="xl"
      title={t('listing.diff.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="lg">
        <Text size="sm" c="dimmed">
          {t('listing.diff.intro')}
        </Text>
        {tabs.length === 0 ? <Text>{t('listing.diff.none')}</Text> : tabs.map(section)}
      </Stack>
    </Drawer>
  );
}
