import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { ConfirmModal } from './ConfirmModal';

describe('ConfirmModal', () => {
  it('confirms or cancels', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const { user } = renderWithProviders(
      <ConfirmModal
        opened
        title="Delete notification"
        message="Are you sure you wish to delete this notification?"
        confirmLabel="Delete"
        danger
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Delete notification' })).toHaveTextContent(
      'Are you sure you wish to delete this notification?',
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('opens with the focus on Cancel, so Enter declines; Escape declines too', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const { user } = renderWithProviders(
      <ConfirmModal
        opened
        title="Delete this app?"
        message="This cannot be undone."
        confirmLabel="Delete app"
        danger
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete this app?' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('names its close button, in English and Spanish', () => {
    const props = { opened: true, title: 'T', message: 'M', onConfirm: () => {}, onCancel: () => {} };
    const { unmount } = renderWithProviders(<ConfirmModal {...props} />);
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    unmount();
    renderWithProviders(<ConfirmModal {...props} />, { language: 'es' });
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cerrar' })).toBeInTheDocument();
  });
});
