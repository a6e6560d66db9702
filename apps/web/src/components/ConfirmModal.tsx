import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmModalProps {
  opened: boolean;
  title: ReactNode;
  message: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  confirmLabel?: ReactNode;
  cancelLabel?: ReactNode;
  /** Marks the confirm button as destructive. */
  danger?: boolean;
  loading?: boolean;
}

/**
 * Asks the user to confirm an action; Escape and Cancel both decline, and Cancel has the focus when it
 * opens, so the confirmation is never given by accident.
 */
export function ConfirmModal({
  opened,
  title,
  message,
  onConfirm,
  onCancel,
  confirmLabel,
  cancelLabel,
  danger = false,
  loading = false,
}: ConfirmModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Text mb="lg">{message}</Text>
      <Group justify="flex-end">
        {/* Focus starts on Cancel: an Enter pressed by habit must not delete or send (issue 13 item 7). */}
        <Button variant="default" onClick={onCancel} disabled={loading} data-autofocus>
          {cancelLabel ?? t('common.cancel')}
        </Button>
        <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={loading}>
          {confirmLabel ?? t('common.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
