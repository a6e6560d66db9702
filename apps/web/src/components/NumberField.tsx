import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const separatorCache = new Map<string, { group: string; decimal: string }>();

/** The digit-group and decimal separators of a language: "," and "." in English, "." and "," in Spanish. */
export function numberSeparators(language: string): { group: string; decimal: string } {
  let found = separatorCache.get(language);
  if (!found) {
    const parts = new Intl.NumberFormat(language, { useGrouping: 'always' }).formatToParts(1234567.5);
    found = {
      group: parts.find((part) => part.type === 'group')?.value ?? ',',
      decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    };
    separatorCache.set(language, found);
  }
  return found;
}

export interface NumberFieldProps extends Omit<NumberInputProps, 'thousandSeparator' | 'decimalSeparator'> {
  /** Digit groups (12,000 in English, 12.000 in Spanish). */
  grouped?: boolean;
}

/**
 * A number with up/down steps (Mantine's NumberInput) that assistive technology knows as one: a spinbutton
 * named by its label, with its value and bounds (the arrow keys step it; the pointer-only chevrons are
 * hidden from it), and digits written the way the user's language writes them.
 */
export function NumberField({ grouped = false, value, min, max, ...props }: NumberFieldProps) {
  const { i18n } = useTranslation();
  const separators = numberSeparators(i18n.language);
  return (
    <NumberInput
      role="spinbutton"
      aria-valuenow={typeof value === 'number' ? value : undefined}
      aria-valuemin={min}
      aria-valuemax={max}
      value={value}
      min={min}
      max={max}
      thousandSeparator={grouped ? separators.group : undefined}
      decimalSeparator={separators.decimal}
      {...props}
    />
  );
}
