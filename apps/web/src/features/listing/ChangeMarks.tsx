import { Badge } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../components/CopyButton';
import classes from './Listing.module.css';

/** The changed-field marker (admin form): this field differs from the published listing. */
export function ChangedMark({ changed }: { changed: boolean }) {
  const { t } = useTranslation();
  if (!changed) return null;
  return (
    <Badge
      size="xs"
      variant="light"
      color="orange"
      leftSection={<IconPencil size={10} aria-hidden />}
      className={classes.changedMark}
      data-changed-mark
    >
      {t('listing.diff.changedMarker')}
    </Badge>
  );
}

/** Wraps an input with the changed-field marker below it. */
function changedContainer(children: ReactNode): ReactNode {
  return (
    <div className={classes.changedField}>
      {children}
      <ChangedMark changed />
    </div>
  );
}

/** Props that decorate an input of the form: the changed marker and, for admins, a copy button. */
export interface FieldDecoration {
  inputContainer?: (children: ReactNode) => ReactNode;
  rightSection?: ReactNode;
  rightSectionPointerEvents?: 'all';
}

/** The decoration of one field: marker when changed, copy button (admin) when it has a value. */
export function decorateField(options: { changed: boolean; copy: { value: string; label: string } | null }) {
  const decoration: FieldDecoration = {};
  if (options.changed) decoration.inputContainer = changedContainer;
  if (options.copy && options.copy.value.trim() !== '') {
    decoration.rightSection = <CopyButton value={options.copy.value} label={options.copy.label} />;
    decoration.rightSectionPointerEvents = 'all';
  }
  return decoration;
}
