import { isFetchablePage } from '@lintel/shared';
import { Pagination, type PaginationProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface PagePickerProps extends Pick<PaginationProps, 'size'> {
  page: number;
  pages: number;
  onChange: (page: number) => void;
}

/** Page buttons with labelled controls; a page outside 1..pages is never asked for (spec 1 §4). */
export function PagePicker({ page, pages, onChange, size }: PagePickerProps) {
  const { t } = useTranslation();
  return (
    <Pagination
      total={pages}
      value={Math.min(page, pages)}
      onChange={(next) => {
        if (isFetchablePage(next, pages)) onChange(next);
      }}
      getControlProps={(control) => ({ 'aria-label': t(`components.dataTable.${control}`) })}
      getItemProps={(item) => ({ 'aria-label': t('components.dataTable.page', { page: item }) })}
      size={size}
    />
  );
}
