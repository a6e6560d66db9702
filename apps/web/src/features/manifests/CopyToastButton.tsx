import { ActionIcon, Tooltip } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { copyWithToast } from './copyToClipboard';

export interface CopyToastButtonProps {
  value: string;
  /** What is copied, read by screen readers: "Copy {{label}}". */
  label: string;
  /** The toast's text once copied (spec 2 §8 copy-success toast). */
  copied: string;
}

/**
 * The manifests area's copy icon: every copy (a version key, a manifest) goes through copyWithToast, so
 * each one says so with the same toast (spec 2 §8), not with a tooltip only some users see.
 */
export function CopyToastButton({ value, label, copied }: CopyToastButtonProps) {
  const { t } = useTranslation();
  const name = t('components.copy.copy', { label });
  return (
    <Tooltip label={name} withArrow position="top">
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={name}
        onClick={() => void copyWithToast(value, { copied, failed: t('manifests.builder.keys.copyFailed') })}
      >
        <IconCopy size={16} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
