import type { OutboundEmail } from '@lintel/shared';
import { Alert, Code, Drawer, Group, ScrollArea, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/format';
import classes from './OutboundEmailDrawer.module.css';
import { OutboundEmailStatusBadge } from './OutboundEmailStatusBadge';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

export interface OutboundEmailDrawerProps {
  email: OutboundEmail | null;
  onClose: () => void;
}

/** One stored e-mail: its envelope, the text body and the HTML body in a script-less sandbox. */
export function OutboundEmailDrawer({ email, onClose }: OutboundEmailDrawerProps) {
  const { t } = useTranslation();
  const none = t('common.notAvailable');
  return (
    <Drawer
      opened={email !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={<Text fw={700}>{email?.subject ?? ''}</Text>}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {email ? (
        <Stack>
          <SimpleGrid cols={2} spacing="md">
            <Field label={t('admin.outboundEmails.columns.to')}>{email.to}</Field>
            <Field label={t('admin.outboundEmails.columns.status')}>
              <Group gap="xs">
                <OutboundEmailStatusBadge status={email.status} />
              </Group>
            </Field>
            <Field label={t('admin.outboundEmails.fields.template')}>
              <Code>{email.template}</Code>
            </Field>
            <Field label={t('admin.outboundEmails.columns.attempts')}>{email.attempts}</Field>
            <Field label={t('admin.outboundEmails.columns.created')}>
              {formatDateTime(email.created_at) ?? none}
            </Field>
            <Field label={t('admin.outboundEmails.columns.sent')}>
              {formatDateTime(email.sent_at) ?? none}
            </Field>
          </SimpleGrid>
          {email.last_error ? (
            <Alert color="red" title={t('admin.outboundEmails.fields.lastError')}>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {email.last_error}
              </Text>
            </Alert>
          ) : null}
          <Tabs defaultValue="html" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="html">{t('admin.outboundEmails.fields.htmlBody')}</Tabs.Tab>
              <Tabs.Tab value="text">{t('admin.outboundEmails.fields.textBody')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="html" pt="sm">
              {/* sandbox="" lets no script run and gives the mail an opaque origin. */}
              <iframe
                className={classes.htmlFrame}
                title={t('admin.outboundEmails.fields.htmlPreview', { subject: email.subject })}
                sandbox=""
                srcDoc={email.html_body}
                referrerPolicy="no-referrer"
              />
            </Tabs.Panel>
            <Tabs.Panel value="text" pt="sm">
              <ScrollArea.Autosize mah={480}>
                <pre className={classes.textBody}>{email.text_body}</pre>
              </ScrollArea.Autosize>
            </Tabs.Panel>
          </Tabs>
        </Stack>
      ) : null}
    </Drawer>
  );
}
