import {
  type AvailabilityChoice,
  availabilityChoiceOf,
  countryName,
  regionCheckOf,
  rowsOf,
  selectAll,
  toggleCountry,
  toggleRegion,
} from '@lintel/shared/listing';
import {
  Anchor,
  Checkbox,
  Fieldset,
  Group,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangedMark } from '../ChangeMarks';
import type { EditorContext } from '../editorContext';
import { markProps, textProps, yesNoValue } from '../fields';
import { regionName } from '../regionName';

const QUESTIONS = ['subscription_required', 'connector_required', 'has_trials'] as const;

/** Pricing and Availability (spec 3 §2 "Regions and pricing tab"). */
export function PricingTab({ ctx }: { ctx: EditorContext }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      {QUESTIONS.map((question) => (
        <Radio.Group
          key={question}
          label={t(`listing.fields.${question}`)}
          withAsterisk
          value={yesNoValue(ctx.values[question])}
          onChange={(answer) => ctx.set(question, answer === 'yes')}
          error={ctx.error(question)}
          {...markProps(ctx, question)}
        >
          <Group mt="xs">
            <Radio value="yes" label={t('listing.yes')} disabled={ctx.readOnly} />
            <Radio value="no" label={t('listing.no')} disabled={ctx.readOnly} />
          </Group>
        </Radio.Group>
      ))}
      <TextInput
        type="url"
        label={t('listing.fields.pricing_url')}
        placeholder="https://"
        {...textProps(ctx, 'pricing_url')}
      />
      <Textarea
        label={t('listing.fields.pricing_description')}
        withAsterisk
        autosize
        minRows={3}
        {...textProps(ctx, 'pricing_description')}
      />
      <Availability ctx={ctx} />
    </Stack>
  );
}

/**
 * Where the app is available (spec 3 §4 "Availability"): all regions, or specific ones with a tri-state
 * checkbox per region and its countries in rows of 3, named in the user's language.
 */
export function Availability({ ctx }: { ctx: EditorContext }) {
  const { t, i18n } = useTranslation();
  const regions = ctx.references.regions;
  const selection = { regions: ctx.values.regions, countries: ctx.values.countries };
  const [choice, setChoice] = useState<AvailabilityChoice>(() => availabilityChoiceOf(regions, selection));
  const apply = (next: typeof selection) =>
    ctx.patch({ regions: next.regions, countries: next.countries }, ['region_or_country']);
  const unknown = t('listing.unknownCountry');

  return (
    <Fieldset legend={t('listing.availability.legend')} variant="unstyled">
      <Radio.Group
        value={choice ?? ''}
        onChange={(picked) => {
          const next = picked as Exclude<AvailabilityChoice, null>;
          setChoice(next);
          if (next === 'all') apply(selectAll(regions));
        }}
        error={ctx.error('region_or_country')}
        label={t('listing.availability.label')}
        withAsterisk
      >
        <Stack gap="xs" mt="xs">
          <Radio value="all" label={t('listing.availability.all')} disabled={ctx.readOnly} />
          <Radio value="specific" label={t('listing.availability.specific')} disabled={ctx.readOnly} />
        </Stack>
      </Radio.Group>
      {choice === 'specific' ? (
        <Stack gap="md" mt="md">
          {regions.length === 0 ? <Text c="dimmed">{t('listing.empty.noRegions')}</Text> : null}
          {regions.map((region) => {
            const check = regionCheckOf(region, selection);
            return (
              <Stack key={region.id} gap="xs">
                <Checkbox
                  label={regionName(t, region.name)}
                  fw={600}
                  checked={check === 'checked'}
                  indeterminate={check === 'indeterminate'}
                  onChange={(event) => apply(toggleRegion(selection, region, event.currentTarget.checked))}
                  disabled={ctx.readOnly}
                />
                <Stack gap={6} pl="xl" role="group" aria-label={regionName(t, region.name)}>
                  {rowsOf(region.countries, 3).map((row) => (
                    <SimpleGrid cols={3} key={row.map((country) => country.id).join('-')}>
                      {row.map((country) => (
                        <Checkbox
                          key={country.id}
                          label={countryName(country.iso_code, i18n.language, unknown)}
                          checked={selection.countries[country.id] === true}
                          onChange={(event) =>
                            apply(toggleCountry(selection, region, country.id, event.currentTarget.checked))
                          }
                          disabled={ctx.readOnly}
                        />
                      ))}
                    </SimpleGrid>
                  ))}
                </Stack>
              </Stack>
            );
          })}
        </Stack>
      ) : null}
      <ChangedMark changed={ctx.changed('region_ids') || ctx.changed('country_ids')} />
      <Text size="sm" mt="md">
        {ctx.partnerProgramsEmail ? (
          <Anchor href={`mailto:${ctx.partnerProgramsEmail}`}>{t('listing.availability.contactUs')}</Anchor>
        ) : (
          t('listing.availability.contactUs')
        )}
      </Text>
    </Fieldset>
  );
}
