import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { PasswordInput } from './PasswordInput';

describe('PasswordInput', () => {
  it('reveals the value while the pointer rests on the field', () => {
    renderWithProviders(<PasswordInput label="Password" defaultValue="secret" />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    fireEvent.mouseEnter(input);
    expect(input).toHaveAttribute('type', 'text');
    fireEvent.mouseLeave(input);
    expect(input).toHaveAttribute('type', 'password');
  });

  it('keeps the value revealed after pressing the toggle', async () => {
    const { user } = renderWithProviders(<PasswordInput label="Password" defaultValue="secret" />);
    const input = screen.getByLabelText('Password');
    const toggle = screen.getByRole('button', { name: 'Show password', hidden: true });
    await user.click(toggle);
    expect(input).toHaveAttribute('type', 'text');
    fireEvent.mouseLeave(input);
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password', hidden: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('marks the field invalid when it has an error', () => {
    renderWithProviders(<PasswordInput label="Password" error="Too short" />);
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
  });
});
