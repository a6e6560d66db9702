import {
  countryName,
  isQuestionnaireDetailEnabled,
  QUESTIONNAIRE_QUESTIONS,
  type QuestionnaireQuestion,
  SSO_PROVIDERS,
} from '@lintel/shared/listing';
import {
  Button,
  Drawer,
  Group,
  MultiSelect,
  Radio,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconListCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorContext } from '../editorContext';
import { markProps, textProps, yesNoValue } from '../fields';

const Q = 'security_questionnaire';

/** Security and Compliance (spec 3 §2): the visibility toggle, the questionnaire and its side panel. */
export function SecurityTab({ ctx }: { ctx: EditorContext }) {
  const { t, i18n } = useTranslation();
  const [panel, setPanel] = useState(false);
  const q = ctx.values.security_questionnaire;
  const unknown = t('listing.unknownCountry');
  const countries = ctx.references.regions
    .flatMap((region) => region.countries)
    .map((country) => ({
      value: String(country.id),
      label: countryName(country.iso_code, i18n.language, unknown),
    }))
    .filter((item, index, all) => all.findIndex((other) => other.value === item.value) === index)
    .sort((a, b) => a.label.localeCompare(b.label, i18n.language));
  const enabled = (field: Parameters<typeof isQuestionnaireDetailEnabled>[1]) =>
    isQuestionnaireDetailEnabled(q, field);

  const question = (key: QuestionnaireQuestion) => (
    <Radio.Group
      key={key}
      label={t(`listing.questions.${key}`)}
      withAsterisk
      value={yesNoValue(q[key])}
      onChange={(answer) => ctx.set(`${Q}.${key}`, answer === 'yes')}
      error={ctx.error(`${Q}.${key}`)}
      {...markProps(ctx, `${Q}.${key}`)}
    >
      <Group mt="xs">
        <Radio value="yes" label={t('listing.yes')} disabled={ctx.readOnly} />
        <Radio value="no" label={t('listing.no')} disabled={ctx.readOnly} />
      </Group>
    </Radio.Group>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Switch
          label={t('listing.security.visible')}
          description={t('listing.security.visibleHelp')}
          checked={ctx.values.security_questionnaire_visible}
          disabled={ctx.readOnly}
          onChange={(event) => {
            const on = event.currentTarget.checked;
            ctx.set('security_questionnaire_visible', on);
            notifications.show({
              color: 'green',
              role: 'status',
              autoClose: 4000,
              message: on ? t('listing.security.shownToast') : t('listing.security.hiddenToast'),
            });
          }}
        />
        <Button
          variant="light"
          leftSection={<IconListCheck size={16} aria-hidden />}
          onClick={() => setPanel(true)}
        >
          {t('listing.security.reviewQuestions')}
        </Button>
      </Group>

      {ctx.values.security_questionnaire_visible ? (
        <Stack gap="md">
          <TextInput
            label={t('listing.questions.company_legal_name')}
            withAsterisk
            {...textProps(ctx, `${Q}.company_legal_name`)}
          />
          <TextInput
            label={t('listing.questions.company_headquarters')}
            {...textProps(ctx, `${Q}.company_headquarters`)}
          />
          <Select
            label={t('listing.questions.headquarters_country_id')}
            withAsterisk
            searchable
            data={countries}
            value={q.headquarters_country_id === null ? null : String(q.headquarters_country_id)}
            onChange={(picked) =>
              ctx.set(`${Q}.headquarters_country_id`, picked === null ? null : Number(picked))
            }
            error={ctx.error(`${Q}.headquarters_country_id`)}
            readOnly={ctx.readOnly}
          />
          <MultiSelect
            label={t('listing.questions.data_processing_country_ids')}
            withAsterisk
            searchable
            data={countries}
            value={q.data_processing_country_ids.map(String)}
            onChange={(picked) => ctx.set(`${Q}.data_processing_country_ids`, picked.map(Number))}
            error={ctx.error(`${Q}.data_processing_country_ids`)}
            readOnly={ctx.readOnly}
          />
          {question('has_subprocessors')}
          <Textarea
            label={t('listing.questions.subprocessors_details')}
            disabled={!enabled('subprocessors_details')}
            autosize
            {...textProps(ctx, `${Q}.subprocessors_details`)}
          />
          {question('has_sensitive_data')}
          <Textarea
            label={t('listing.questions.sensitive_data_handling_details')}
            disabled={!enabled('sensitive_data_handling_details')}
            autosize
            {...textProps(ctx, `${Q}.sensitive_data_handling_details`)}
          />
          {question('has_security_contact')}
          <TextInput
            type="email"
            label={t('listing.questions.security_email')}
            disabled={!enabled('security_email')}
            {...textProps(ctx, `${Q}.security_email`)}
          />
          {question('has_security_audits')}
          {question('has_security_standards')}
          <MultiSelect
            label={t('listing.questions.security_standard_ids')}
            disabled={!enabled('security_standard_ids')}
            data={ctx.references.securityStandards.map((standard) => ({
              value: String(standard.id),
              label: standard.variant
                ? `${standard.standard_name} (${standard.variant})`
                : standard.standard_name,
            }))}
            value={q.security_standard_ids.map(String)}
            onChange={(picked) => ctx.set(`${Q}.security_standard_ids`, picked.map(Number))}
            error={ctx.error(`${Q}.security_standard_ids`)}
            readOnly={ctx.readOnly}
          />
          <Textarea
            label={t('listing.questions.other_security_standards')}
            disabled={!enabled('other_security_standards')}
            autosize
            {...textProps(ctx, `${Q}.other_security_standards`)}
          />
          {question('has_penetration_testing')}
          {question('can_notify_platform')}
          {question('has_disclosure_program')}
          <TextInput
            type="url"
            placeholder="https://"
            label={t('listing.questions.disclosure_program_url')}
            disabled={!enabled('disclosure_program_url')}
            {...textProps(ctx, `${Q}.disclosure_program_url`)}
          />
          {question('has_bug_bounty_program')}
          {question('has_data_encryption_at_rest')}
          {question('has_data_encryption_in_transit')}
          {question('has_sso_support')}
          <MultiSelect
            label={t('listing.questions.sso_providers')}
            disabled={!enabled('sso_providers')}
            data={[...SSO_PROVIDERS]}
            value={q.sso_providers}
            onChange={(picked) => ctx.set(`${Q}.sso_providers`, picked)}
            error={ctx.error(`${Q}.sso_providers`)}
            readOnly={ctx.readOnly}
          />
          <TextInput
            label={t('listing.questions.other_sso_providers')}
            disabled={!enabled('other_sso_providers')}
            {...textProps(ctx, `${Q}.other_sso_providers`)}
          />
          {question('has_saml_support')}
          {question('has_mfa_support')}
          {question('has_fas_support')}
        </Stack>
      ) : (
        <Text c="dimmed">{t('listing.security.hiddenNote')}</Text>
      )}

      <Drawer
        opened={panel}
        onClose={() => setPanel(false)}
        position="right"
        size={900}
        title={t('listing.security.panelTitle')}
      >
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('listing.security.question')}</Table.Th>
              <Table.Th>{t('listing.security.answer')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {QUESTIONNAIRE_QUESTIONS.map((key) => (
              <Table.Tr key={key}>
                <Table.Td>{t(`listing.questions.${key}`)}</Table.Td>
                <Table.Td>
                  {q[key] === true
                    ? t('listing.yes')
                    : q[key] === false
                      ? t('listing.no')
                      : t('listing.unanswered')}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Drawer>
    </Stack>
  );
}
