import {
  PasswordInput as MantinePasswordInput,
  type PasswordInputProps as MantinePasswordInputProps,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export type PasswordInputProps = Omit<
  MantinePasswordInputProps,
  'visible' | 'defaultVisible' | 'onVisibilityChange'
>;

/**
 * A password field that reveals its value while the pointer rests on it (spec 1 §2 "Password-like
 * fields reveal on hover") and keeps it revealed when the toggle button is pressed.
 */
export function PasswordInput({ onMouseEnter, onMouseLeave, ...props }: PasswordInputProps) {
  const { t } = useTranslation();
  const [pinned, setPinned] = useState(false);
  const [hovered, setHovered] = useState(false);
  const visible = pinned || hovered;

  return (
    <MantinePasswordInput
      // Mantine leaves aria-invalid off the inner input of this field; screen readers need it.
      aria-invalid={props.error ? true : undefined}
      {...props}
      visible={visible}
      // The toggle pins the reveal on or off; hovering only reveals while the pointer stays.
      onVisibilityChange={() => {
        setPinned((value) => !value);
        setHovered(false);
      }}
      onMouseEnter={(event) => {
        setHovered(true);
        onMouseEnter?.(event);
      }}
      onMouseLeave={(event) => {
        setHovered(false);
        onMouseLeave?.(event);
      }}
      visibilityToggleButtonProps={{
        'aria-label': visible ? t('components.password.hide') : t('components.password.show'),
        'aria-pressed': pinned,
      }}
    />
  );
}
