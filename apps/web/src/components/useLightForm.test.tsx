import { Button, TextInput } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { type FormErrors, type FormValidator, lazyValidate, useLightForm } from './useLightForm';

type Values = { email: string };

function EmailForm({
  validate,
  onSave,
  validateInputOnBlur,
}: {
  validate: FormValidator<Values> | { email: (value: string) => string | null };
  onSave: (values: Values) => void;
  validateInputOnBlur?: boolean;
}) {
  const form = useLightForm<Values>({ initialValues: { email: '' }, validate, validateInputOnBlur });
  return (
    <form noValidate onSubmit={form.onSubmit(onSave)}>
      <TextInput label="E-mail" {...form.getInputProps('email')} />
      <Button type="button" onClick={() => form.setFieldError('email', 'Taken on the server')}>
        Server error
      </Button>
      <Button type="submit">Save</Button>
    </form>
  );
}

const emailRule = (values: Values): FormErrors =>
  values.email.includes('@') ? {} : { email: 'Not an e-mail' };

describe('useLightForm', () => {
  it('checks per-field rules on submit, clears a field error on change, and submits valid values', async () => {
    const onSave = vi.fn();
    const { user } = renderWithProviders(
      <EmailForm validate={{ email: (value) => (value ? null : 'Required') }} onSave={onSave} />,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Required')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(onSave).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('E-mail'), 'a');
    expect(screen.queryByText('Required')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ email: 'a' }, expect.anything());
  });

  it('loads a lazy validator once, awaits it on submit and on blur', async () => {
    const load = vi.fn(async () => ({ validate: emailRule }));
    const validate = lazyValidate(load);
    const onSave = vi.fn();
    const { user } = renderWithProviders(
      <EmailForm validate={validate} onSave={onSave} validateInputOnBlur />,
    );

    await user.type(screen.getByLabelText('E-mail'), 'ada');
    await user.tab();
    expect(await screen.findByText('Not an e-mail')).toBeInTheDocument();

    await user.type(screen.getByLabelText('E-mail'), '@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ email: 'ada@example.com' }, expect.anything()));
    expect(screen.queryByText('Not an e-mail')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('fetches a lazy validator on the first change, not on focus', async () => {
    const load = vi.fn(async () => ({ validate: emailRule }));
    const { user } = renderWithProviders(<EmailForm validate={lazyValidate(load)} onSave={() => {}} />);
    await user.click(screen.getByLabelText('E-mail'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(load).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('E-mail'), 'a');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads a lazy validator again after its chunk failed to load', async () => {
    const load = vi
      .fn<() => Promise<{ validate: typeof emailRule }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ validate: emailRule });
    const validate = lazyValidate(load);
    await expect(validate({ email: 'x' })).rejects.toThrow('Failed to fetch');
    await expect(validate({ email: 'x' })).resolves.toEqual({ email: 'Not an e-mail' });
  });

  it('shows an error placed on a field, as a server error would be', async () => {
    const { user } = renderWithProviders(<EmailForm validate={{ email: () => null }} onSave={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Server error' }));
    expect(screen.getByText('Taken on the server')).toBeInTheDocument();
  });
});
