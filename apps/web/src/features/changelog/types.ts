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

/** The other ways a link writes the type list (qs): `filters[type]=fix`, `filters[type][0]=fix`. */
const TYPE_ALIAS = /^filters\[type\](\[\d+\])?$/;

/**
 * Several change types, `filters[type][]=fix&filters[type][]=new`; a link's `filters[type]=fix`,
 * `filters[type][0]=fix` or `filters[type]=fix,new` reads the same (spec 2 §2: the URL holds
 * filters[type]). Unknown types are dropped, none means all; the page writes the `[]` form back.
 */
export function typesFilter(): FilterCodec<ChangelogType[]> {
  return {
    initial: [],
    parse: (values) => {
      const named = values.flatMap((value) => value.split(','));
      return CHANGELOG_TYPES.filter((type) => named.includes(type));
    },
    format: (value) => CHANGELOG_TYPES.filter((type) => value.includes(type)),
    aliases: (name) => TYPE_ALIAS.test(name),
  };
}
