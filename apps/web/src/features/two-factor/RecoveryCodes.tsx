import { Alert, Button, Code, CopyButton, Group, List, Stack, Text } from '@mantine/core';
import { IconDownload, IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Ten recovery codes, shown once: copy them, download them as a text file, then say they are saved. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const text = `${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = t('account.twoFactor.codes.fileName');
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Alert color="yellow" icon={<IconKey size={18} aria-hidden />} title={t('account.twoFactor.codes.title')}>
      <Stack gap="sm">
        <Text size="sm">{t('account.twoFactor.codes.intro')}</Text>
        <List
          aria-label={t('account.twoFactor.codes.listLabel')}
          listStyleType="none"
          spacing={2}
          data-testid="recovery-codes"
        >
          {codes.map((code) => (
            <List.Item key={code}>
              <Code>{code}</Code>
            </List.Item>
          ))}
        </List>
        <Group gap="xs">
          <CopyButton value={text}>
            {({ copied, copy }) => (
              <Button size="xs" variant="default" onClick={copy} aria-live="polite">
                {copied ? t('account.twoFactor.codes.copied') : t('account.twoFactor.codes.copy')}
              </Button>
            )}
          </CopyButton>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconDownload size={14} aria-hidden />}
            onClick={download}
          >
            {t('account.twoFactor.codes.download')}
          </Button>
          <Button size="xs" onClick={onDone}>
            {t('account.twoFactor.codes.done')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
