import { ActionIcon, CopyButton as MantineCopyButton, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** How long "Copied" stays after a copy (spec 2 §9: 2000 ms). */
export const COPIED_VISIBLE_MS = 2_000;

export interface CopyButtonProps {
  value: string;
  /** What is copied, read by screen readers: "Copy {{label}}". */
  label: string;
}

/** An icon button that copies `value` to the clipboard and says so for a moment. */
export function CopyButton({ value, label }: CopyButtonProps) {
  const { t } = useTranslation();
  return (
    <MantineCopyButton value={value} timeout={COPIED_VISIBLE_MS}>
      {({ copied, copy }) => {
        const text = copied ? t('components.copy.copied') : t('components.copy.copy', { label });
        return (
          <Tooltip label={text} withArrow position="top">
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              onClick={copy}
              aria-label={text}
              aria-live="polite"
            >
              {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        );
      }}
    </MantineCopyButton>
  );
}
