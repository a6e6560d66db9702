import { TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

/** Spec 1 §9: filter inputs are debounced 500 ms. */
export const FILTER_DEBOUNCE_MS = 500;

export interface ListSearchInputProps {
  label: string;
  placeholder?: string;
  /** The filter's value in the URL. */
  value: string;
  /** Called with the typed text once typing pauses; it replaces the history entry, never adds one. */
  onChange: (value: string) => void;
}

/**
 * A list's search box: what is typed reaches the list (and the URL) after a 500 ms pause; when the URL
 * changes on its own (back, a link), the box shows the URL's value.
 */
export function ListSearchInput({ label, placeholder, value, onChange }: ListSearchInputProps) {
  const [text, setText] = useState(value);
  const [debounced] = useDebouncedValue(text, FILTER_DEBOUNCE_MS);
  const sent = useRef(value);

  // The URL moved (back button, link): show its value and do not send the old text back.
  useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    setText(value);
  }, [value]);

  useEffect(() => {
    if (debounced === sent.current || debounced !== text) return;
    sent.current = debounced;
    onChange(debounced);
  }, [debounced, text, onChange]);

  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      type="search"
      w={{ base: '100%', sm: 320 }}
    />
  );
}
