import { type ContactType, LISTING_LIMITS, ordinalCategory, rowsOf } from '@lintel/shared/listing';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ChangedMark } from '../ChangeMarks';
import type { EditorContext } from '../editorContext';
import { textProps } from '../fields';

const ORDINALS = ['one', 'two', 'few', 'other'] as const;
type Ordinal = (typeof ORDINALS)[number];

/** "1st", "2nd"… by the locale's ordinal plural rules (Spanish: "1.º"). */
export function useOrdinal() {
  const { t, i18n } = useTranslation();
  return (position: number) => {
    const category = ordinalCategory(position, i18n.language);
    const key: Ordinal = (ORDINALS as readonly string[]).includes(category) ? (category as Ordinal) : 'other';
    return t(`listing.ordinal.${key}`, { n: position });
  };
}

/** Features (spec 3 §2): three slots, each labelled with its ordinal. */
export function FeaturesTab({ ctx }: { ctx: EditorContext }) {
  const { t } = useTranslation();
  const ordinal = useOrdinal();
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('listing.help.features', { max: LISTING_LIMITS.featureBullet })}
      </Text>
      {ctx.values.feature_bullets.map((_, index) => (
        <TextInput
          // biome-ignore lint/suspicious/noArrayIndexKey: three fixed slots
          key={index}
          label={t('listing.fields.feature', { ordinal: ordinal(index + 1) })}
          withAsterisk
          {...textProps(ctx, `feature_bullets.${index}`)}
        />
      ))}
    </Stack>
  );
}

/** Support (spec 3 §2): the support website's label and URL, and the support e-mail. */
export function SupportTab({ ctx }: { ctx: EditorContext }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <TextInput
        label={t('listing.fields.website_label')}
        withAsterisk
        {...textProps(ctx, 'website_link.label')}
      />
      <TextInput
        type="url"
        label={t('listing.fields.website_url')}
        placeholder="https://"
        withAsterisk
        {...textProps(ctx, 'website_link.url')}
      />
      <TextInput
        type="email"
        label={t('listing.fields.support_email')}
        withAsterisk
        {...textProps(ctx, 'support_email')}
      />
    </Stack>
  );
}

/** Helpful links (spec 3 §2 "Links tab"): at most 3, one row always present. */
export function LinksTab({ ctx }: { ctx: EditorContext }) {
  const { t } = useTranslation();
  const links = ctx.values.helpful_links;
  return (
    <Stack gap="md">
      {links.map((_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place
        <Group key={index} align="flex-start" wrap="nowrap">
          <TextInput
            flex={1}
            label={t('listing.fields.link_label', { n: index + 1 })}
            {...textProps(ctx, `helpful_links.${index}.label`)}
          />
          <TextInput
            flex={2}
            type="url"
            placeholder="https://"
            label={t('listing.fields.link_url', { n: index + 1 })}
            {...textProps(ctx, `helpful_links.${index}.url`)}
          />
          <ActionIcon
            mt={28}
            variant="subtle"
            color="red"
            aria-label={t('listing.actions.removeLink', { n: index + 1 })}
            disabled={ctx.readOnly || links.length <= 1}
            onClick={() =>
              ctx.set(
                'helpful_links',
                links.filter((__, i) => i !== index),
              )
            }
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} aria-hidden />}
        disabled={ctx.readOnly || links.length >= LISTING_LIMITS.helpfulLinks}
        onClick={() => ctx.set('helpful_links', [...links, { label: '', url: '' }])}
        w="fit-content"
      >
        {t('listing.actions.addLink')}
      </Button>
    </Stack>
  );
}

/** Integration requirements (spec 3 §2): at most 3, one row always present. */
export function RequirementsTab({ ctx }: { ctx: EditorContext }) {
  const { t } = useTranslation();
  const rows = ctx.values.requirements;
  return (
    <Stack gap="md">
      {rows.map((_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place
        <Group key={index} align="flex-start" wrap="nowrap">
          <TextInput
            flex={1}
            label={t('listing.fields.requirement', { n: index + 1 })}
            {...textProps(ctx, `requirements.${index}`)}
          />
          <ActionIcon
            mt={28}
            variant="subtle"
            color="red"
            aria-label={t('listing.actions.removeRequirement', { n: index + 1 })}
            disabled={ctx.readOnly || rows.length <= 1}
            onClick={() =>
              ctx.set(
                'requirements',
                rows.filter((__, i) => i !== index),
              )
            }
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} aria-hidden />}
        disabled={ctx.readOnly || rows.length >= LISTING_LIMITS.requirements}
        onClick={() => ctx.set('requirements', [...rows, ''])}
        w="fit-content"
      >
        {t('listing.actions.addRequirement')}
      </Button>
    </Stack>
  );
}

/** Product tools the app works with (spec 3 §2 "Tools tab"), in rows of 3. */
export function ToolsTab({ ctx }: { ctx: EditorContext }) {
  const { t } = useTranslation();
  const tools = ctx.references.productTools;
  if (tools.length === 0) return <Text c="dimmed">{t('listing.empty.noTools')}</Text>;
  return (
    <Stack gap="xs" role="group" aria-label={t('listing.tabs.tools')}>
      <ChangedMark changed={ctx.changed('product_tool_ids')} />
      {rowsOf(tools, 3).map((row) => (
        <SimpleGrid cols={3} key={row.map((tool) => tool.id).join('-')}>
          {row.map((tool) => (
            <Checkbox
              key={tool.id}
              label={tool.title}
              checked={ctx.values.product_tools[tool.id] === true}
              onChange={(event) =>
                ctx.set('product_tools', {
                  ...ctx.values.product_tools,
                  [tool.id]: event.currentTarget.checked,
                })
              }
              disabled={ctx.readOnly}
            />
          ))}
        </SimpleGrid>
      ))}
    </Stack>
  );
}

/** Contact (spec 3 §2, §4): contact-us e-mail, learn-how URL or, for platform employees, create-lead. */
export function ContactTab({ ctx }: { ctx: EditorContext }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Radio.Group
        label={t('listing.contact.label')}
        withAsterisk
        value={ctx.contactType}
        onChange={(type) => ctx.setContactType(type as ContactType)}
        error={ctx.error('contact_or_learn_how')}
        inputContainer={(children) => (
          <>
            {children}
            <ChangedMark changed={ctx.changed('create_lead')} />
          </>
        )}
      >
        <Stack gap="xs" mt="xs">
          {ctx.contactTypes.map((type) => (
            <Radio key={type} value={type} label={t(`listing.contact.${type}`)} disabled={ctx.readOnly} />
          ))}
        </Stack>
      </Radio.Group>
      {ctx.contactType === 'contact_us' ? (
        <TextInput
          type="email"
          label={t('listing.fields.contact_us_email')}
          description={t('listing.help.contactUs')}
          {...textProps(ctx, 'contact_us_email')}
        />
      ) : null}
      {ctx.contactType === 'learn_how' ? (
        <TextInput
          type="url"
          placeholder="https://"
          label={t('listing.fields.learn_how_url')}
          description={t('listing.help.learnHow')}
          {...textProps(ctx, 'learn_how_url')}
        />
      ) : null}
      {ctx.contactType === 'create_lead' ? (
        <Text size="sm" c="dimmed">
          {t('listing.help.createLead')}
        </Text>
      ) : null}
    </Stack>
  );
}
