import { notifications } from '@mantine/notifications';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from './AppProviders';
import { createI18n } from './i18n';
import { createTestQueryClient } from './test/render';

describe('AppProviders toasts', () => {
  it('mounts the toast container on the first input and shows a toast sent before it loaded', async () => {
    render(
      <AppProviders queryClient={createTestQueryClient()} i18n={createI18n('en')} env="test">
        <button type="button">Save</button>
      </AppProviders>,
    );
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Save' }));
    act(() => {
      notifications.show({ message: 'Your settings have been saved.' });
    });
    expect(await screen.findByText('Your settings have been saved.')).toBeInTheDocument();
    act(() => notifications.clean());
  });
});
