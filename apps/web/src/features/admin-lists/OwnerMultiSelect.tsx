import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FILTER_DEBOUNCE_MS } from '../../components/ListSearchInput';
import { useOwnerOptions } from './queries';

export interface OwnerMultiSelectProps {
  label: string;
  /** The chosen owners' ids (the URL's). */
  value: number[];
  onChange: (ids: number[]) => void;
  /** E-mails already known (e.g. the owners on the current page), for ids chosen before this render. */
  knownEmails?: ReadonlyMap<number, string>;
}

/**
 * The 'Created By' filter (spec 1 §2): options are developers looked up by e-mail as you type (after the
 * 500 ms filter pause), each labelled by its e-mail; the chosen ones stay in the field.
 */
export function OwnerMultiSelect({ label, value, onChange, knownEmails }: OwnerMultiSelectProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, FILTER_DEBOUNCE_MS);
  const options = useOwnerOptions(debounced);
  const learned = useRef(new Map<number, string>());

  useEffect(() => {
    for (const developer of options.data?.items ?? []) learned.current.set(developer.id, developer.email);
  }, [options.data]);

  const data = useMemo(() => {
    const emailOf = (id: number) => learned.current.get(id) ?? knownEmails?.get(id) ?? `#${id}`;
    const entries = new Map<string, string>();
    for (const id of value) entries.set(String(id), emailOf(id));
    if (debounced.trim()) {
      for (const developer of options.data?.items ?? []) entries.set(String(developer.id), developer.email);
    }
    return [...entries].map(([id, email]) => ({ value: id, label: email }));
  }, [value, options.data, debounced, knownEmails]);

  return (
    <MultiSelect
      label={label}
      placeholder={value.length === 0 ? t('adminLists.ownerPicker.placeholder') : undefined}
      data={data}
      value={value.map(String)}
      onChange={(ids) => {
        for (const id of ids) {
          const option = data.find((entry) => entry.value === id);
          if (option) learned.current.set(Number(id), option.label);
        }
        onChange(ids.map(Number));
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server already matched what was typed: show its answer as it is.
      filter={({ options: all }) => all}
      // Only while something is typed: once an option is picked the search clears and, with nothing
      // else to offer, the dropdown closes instead of showing an empty list or a stale 'nothing found'.
      nothingFoundMessage={
        search.trim()
          ? options.isFetching || search.trim() !== debounced.trim()
            ? t('adminLists.ownerPicker.searching')
            : t('adminLists.ownerPicker.nothingFound')
          : undefined
      }
      hidePickedOptions
      clearable
      w={{ base: '100%', sm: 320 }}
    />
  );
}
