import { CHANGELOG_TYPES, type ChangelogType } from '@lintel/shared';
import type { FilterCodec } from '../../components/useListState';

/** The badge colour of each change type. */
export const TYPE_COLORS: Record<ChangelogType, string> = {
  breaking: 'red',
  deprecated: 'orange',
  feature: 'blue',
  fix: 'grape',
  new: 'green',
  refinement: 'cyan',
  sunset: 'gray',
};

/** The URL names of the page's state (spec 2 §2): the API's own parameter names. */
export const URL_KEYS = {
  types: 'filters[type][]',
  breaking: 'filters[breaking]',
  search: 'filters[search]',
  branch: 'custom_service_sha',
} as const;

/** Several change types, `filters[type][]=fix&filters[type][]=new`; unknown ones are dropped, none means all. */
export function typesFilter(): FilterCodec<ChangelogType[]> {
  return {
    initial: [],
    parse: (values) => CHANGELOG_TYPES.filter((type) => values.includes(type)),
    format: (value) => CHANGELOG_TYPES.filter((type) => value.includes(type)),
  };
}
