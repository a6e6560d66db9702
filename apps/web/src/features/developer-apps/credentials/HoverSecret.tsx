import { Code, Group, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/CopyButton';

const MASK = '•'.repeat(24);

/**
 * The live sandbox card's client secret (spec 2 "Sandbox card"): masked, revealed while hovered or
 * focused (keyboard users tab to it), with a copy button. The server sends it only to those who may read it.
 */
export function HoverSecret({ value }: { value: string }) {
  const { t } = useTranslation();
  const labelId = useId();
  const hintId = useId();
  const [shown, setShown] = useState(false);
  return (
    <div>
      <Text size="sm" fw={500} id={labelId} mb={4}>
        {t('developerApps.credentials.clientSecret')}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Code
          // Focusable, so that keyboard users reveal it as mouse users do by hovering.
          tabIndex={0}
          aria-labelledby={labelId}
          aria-describedby={hintId}
          data-testid="sandbox-secret"
          onMouseEnter={() => setShown(true)}
          onMouseLeave={() => setShown(false)}
          onFocus={() => setShown(true)}
          onBlur={() => setShown(false)}
          style={{ wordBreak: 'break-all' }}
        >
          {shown ? value : MASK}
        </Code>
        <CopyButton value={value} label={t('developerApps.credentials.clientSecret')} />
      </Group>
      <Text size="xs" c="dimmed" id={hintId} mt={4}>
        {t('developerApps.secret.hoverHint')}
      </Text>
    </div>
  );
}
