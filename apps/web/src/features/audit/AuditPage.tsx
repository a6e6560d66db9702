import '@mantine/dates/styles.css';
import { NumberInput, Select } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/ListPage';
import { FILTER_DEBOUNCE_MS } from '../../components/ListSearchInput';
import { urlFilter, useListState } from '../../components/useListState';
import { auditColumns } from './columns';
import {
  AUDIT_ACTIONS,
  AUDIT_EVENT_SORT_KEYS,
  dateRangeFilter,
  idFilter,
  useAuditActors,
  useAuditEvents,
} from './queries';

const listOptions = {
  sortKeys: AUDIT_EVENT_SORT_KEYS,
  defaultSort: '-created_at',
  filters: {
    actor_id: idFilter(),
    developer_app_id: idFilter(),
    action: urlFilter.oneOf(AUDIT_ACTIONS),
    dates: dateRangeFilter(),
  },
} as const;

/** Admin > Audit trail (issue 11): who changed what, when and from where, filtered by actor, app, action and dates. */
export function AuditPage() {
  const { t } = useTranslation();
  const list = useListState(listOptions);
  const query = useAuditEvents(list.params);
  const { setFilter } = list;
  const columns = useMemo(() => auditColumns(t, { withApp: true }), [t]);

  return (
    <ListPage
      title={t('audit.title')}
      breadcrumbs={[t('shell.nav.admin'), t('audit.title')]}
      description={t('audit.description')}
      filters={
        <>
          <ActorFilter value={list.filters.actor_id} onChange={(id) => setFilter('actor_id', id)} />
          <AppFilter
            value={list.filters.developer_app_id}
            onChange={(id) => setFilter('developer_app_id', id)}
          />
          <Select
            label={t('audit.filters.action')}
            placeholder={t('audit.filters.allActions')}
            data={[...AUDIT_ACTIONS]}
            value={list.filters.action}
            onChange={(value) =>
              setFilter('action', AUDIT_ACTIONS.find((action) => action === value) ?? null)
            }
            clearable
            searchable
            w={{ base: '100%', sm: 300 }}
          />
          <DatePickerInput
            type="range"
            label={t('audit.filters.dates')}
            placeholder={t('audit.filters.datesPlaceholder')}
            value={list.filters.dates.length === 2 ? list.filters.dates : [null, null]}
            onChange={([from, to]) => {
              if (from && to) setFilter('dates', [from, to]);
              else if (!from && !to) setFilter('dates', []);
            }}
            allowSingleDateInRange
            clearable
            valueFormat="YYYY-MM-DD"
            // Mantine's placeholder grey falls below WCAG AA on white; the dimmed text colour does not.
            styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
            w={{ base: '100%', sm: 260 }}
          />
        </>
      }
      list={list}
      query={query}
      columns={columns}
      rowKey={(event) => event.id}
      empty={t('audit.empty')}
    />
  );
}

/** The actor filter: users with audited changes, found by e-mail as you type (500 ms pause). */
function ActorFilter({ value, onChange }: { value: number | null; onChange: (id: number | null) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, FILTER_DEBOUNCE_MS);
  const actors = useAuditActors(debounced.trim());
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const options = (actors.data ?? []).map((actor) => ({ value: String(actor.id), label: actor.email }));
  const current = value === null ? null : String(value);
  if (current !== null && !options.some((option) => option.value === current)) {
    options.unshift(chosen?.value === current ? chosen : { value: current, label: `#${current}` });
  }
  return (
    <Select
      label={t('audit.filters.actor')}
      placeholder={t('audit.filters.actorPlaceholder')}
      nothingFoundMessage={t('audit.filters.actorNothingFound')}
      data={options}
      value={current}
      searchable
      clearable
      filter={({ options: all }) => all}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(next, option) => {
        setChosen(next ? { value: next, label: option?.label ?? next } : null);
        onChange(next ? Number(next) : null);
      }}
      w={{ base: '100%', sm: 260 }}
    />
  );
}

/** The app filter: an app id; the list follows once typing pauses. */
function AppFilter({ value, onChange }: { value: number | null; onChange: (id: number | null) => void }) {
  const { t } = useTranslation();
  return (
    <NumberInput
      label={t('audit.filters.app')}
      placeholder={t('audit.filters.appPlaceholder')}
      value={value ?? ''}
      min={1}
      allowDecimal={false}
      allowNegative={false}
      hideControls
      onBlur={(event) => {
        const text = event.currentTarget.value.trim();
        onChange(/^[1-9]\d{0,9}$/.test(text) && Number(text) <= 2_147_483_647 ? Number(text) : null);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.currentTarget.blur();
      }}
      w={{ base: '100%', sm: 140 }}
    />
  );
}

export default AuditPage;
