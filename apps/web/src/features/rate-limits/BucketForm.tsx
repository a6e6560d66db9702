import {
  BUCKET_FILL_TYPES,
  BUCKET_LIMITS,
  type BucketFillType,
  type BucketTemplateInput,
  DEFAULT_BUCKET_TEMPLATES,
  NEW_BUCKET_TEMPLATE,
  type RateLimitBucket,
} from '@lintel/shared';
import { ActionIcon, Button, Fieldset, Group, Select, Stack, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../components/NumberField';

export interface BucketFormValues {
  name: string;
  client_id: string;
  domain: string;
  bucket_templates: BucketTemplateInput[];
}

/** A new bucket: empty fields and the default templates main and spike (spec 1 §9). */
export function newBucketValues(): BucketFormValues {
  return {
    name: '',
    client_id: '',
    domain: '',
    bucket_templates: DEFAULT_BUCKET_TEMPLATES.map((template) => ({ ...template })),
  };
}

export function bucketValues(bucket: RateLimitBucket): BucketFormValues {
  return {
    name: bucket.name,
    client_id: bucket.client_id,
    domain: bucket.domain,
    bucket_templates: bucket.bucket_templates.map((template) => ({ ...template })),
  };
}

const isFillType = (value: string | null): value is BucketFillType =>
  BUCKET_FILL_TYPES.some((type) => type === value);

const asInteger = (value: string | number): number =>
  typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);

export interface BucketFormProps {
  initial: BucketFormValues;
  submitLabel: string;
  submitting: boolean;
  /** Called after the browser confirmation (the caller asks it). */
  onSubmit: (values: BucketFormValues) => void;
  onCancel?: () => void;
  /** Prefix of the inputs' ids, so that two forms on one page stay apart. */
  idPrefix: string;
}

/** The fields of a bucket and its templates; an extra template starts as count, 10,000 ms, 100. */
export function BucketForm({
  initial,
  submitLabel,
  submitting,
  onSubmit,
  onCancel,
  idPrefix,
}: BucketFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<BucketFormValues>(initial);

  const setTemplate = (index: number, change: Partial<BucketTemplateInput>) =>
    setValues((current) => ({
      ...current,
      bucket_templates: current.bucket_templates.map((template, i) =>
        i === index ? { ...template, ...change } : template,
      ),
    }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(values);
  };

  return (
    <form onSubmit={submit} aria-label={submitLabel}>
      <Stack gap="sm">
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            id={`${idPrefix}-name`}
            label={t('rateLimits.form.name')}
            required
            maxLength={BUCKET_LIMITS.name}
            value={values.name}
            onChange={(event) => setValues({ ...values, name: event.currentTarget.value })}
          />
          <TextInput
            id={`${idPrefix}-client-id`}
            label={t('rateLimits.form.clientId')}
            required
            maxLength={BUCKET_LIMITS.clientId}
            value={values.client_id}
            onChange={(event) => setValues({ ...values, client_id: event.currentTarget.value })}
          />
          <TextInput
            id={`${idPrefix}-domain`}
            label={t('rateLimits.form.domain')}
            maxLength={BUCKET_LIMITS.domain}
            value={values.domain}
            onChange={(event) => setValues({ ...values, domain: event.currentTarget.value })}
          />
        </Group>
        {values.bucket_templates.map((template, index) => {
          const number = index + 1;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: templates have no id; their order is their identity.
            <Fieldset key={index} legend={t('rateLimits.form.templateGroup', { number })}>
              <Group align="flex-end" wrap="wrap">
                <TextInput
                  label={t('rateLimits.form.templateName')}
                  required
                  maxLength={BUCKET_LIMITS.templateName}
                  value={template.name}
                  onChange={(event) => setTemplate(index, { name: event.currentTarget.value })}
                />
                <Select
                  label={t('rateLimits.form.fillType')}
                  data={BUCKET_FILL_TYPES.map((type) => ({
                    value: type,
                    label: t(`rateLimits.fillType.${type}`),
                  }))}
                  value={template.fill_type}
                  allowDeselect={false}
                  onChange={(value) => {
                    if (isFillType(value)) setTemplate(index, { fill_type: value });
                  }}
                  w={140}
                />
                <NumberField
                  label={t('rateLimits.form.intervalMs')}
                  required
                  allowDecimal={false}
                  min={1}
                  max={BUCKET_LIMITS.intervalMs}
                  grouped
                  value={template.interval_ms}
                  onChange={(value) => setTemplate(index, { interval_ms: asInteger(value) })}
                  w={170}
                />
                <NumberField
                  label={t('rateLimits.form.limit')}
                  required
                  allowDecimal={false}
                  min={0}
                  max={BUCKET_LIMITS.limit}
                  grouped
                  value={template.limit}
                  onChange={(value) => setTemplate(index, { limit: asInteger(value) })}
                  w={140}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  mb={2}
                  aria-label={t('rateLimits.form.removeTemplate', { number })}
                  disabled={values.bucket_templates.length <= 1}
                  onClick={() =>
                    setValues((current) => ({
                      ...current,
                      bucket_templates: current.bucket_templates.filter((_, i) => i !== index),
                    }))
                  }
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            </Fieldset>
          );
        })}
        <Group justify="space-between">
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={values.bucket_templates.length >= BUCKET_LIMITS.templates}
            onClick={() =>
              setValues((current) => ({
                ...current,
                bucket_templates: [...current.bucket_templates, { name: '', ...NEW_BUCKET_TEMPLATE }],
              }))
            }
          >
            {t('rateLimits.form.addTemplate')}
          </Button>
          <Group>
            {onCancel ? (
              <Button variant="default" onClick={onCancel}>
                {t('rateLimits.form.cancel')}
              </Button>
            ) : null}
            <Button type="submit" loading={submitting}>
              {submitLabel}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
