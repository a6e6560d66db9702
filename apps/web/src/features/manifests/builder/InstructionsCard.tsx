import { type PostInstallation, postInstallationProblems } from '@lintel/shared/manifests';
import { SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CollapsibleCard } from './CollapsibleCard';
import { problemAt } from './ruleText';

export interface InstructionsValue {
  notes: string;
  label: string;
  url: string;
}

export function instructionsOf(value: PostInstallation | null | undefined): InstructionsValue {
  return {
    notes: value?.notes ?? '',
    label: value?.page?.label ?? '',
    url: value?.page?.url ?? '',
  };
}

export interface InstructionsCardProps {
  value: InstructionsValue;
  editable: boolean;
  onChange: (value: InstructionsValue) => void;
}

/**
 * Instructions and Post Installation Notes (spec 2 §2, §5): notes, page name and page URL, all three or
 * none; a missing one says 'This field is required' once the user has left one of the fields.
 */
export function InstructionsCard({ value, editable, onChange }: InstructionsCardProps) {
  const { t } = useTranslation();
  const [touched, setTouched] = useState(false);
  const problems = postInstallationProblems(
    { notes: value.notes, page: { label: value.label, url: value.url } },
    '',
  );
  const error = (pointer: string) => (touched ? problemAt(t, problems, pointer) : undefined);
  const set =
    (field: keyof InstructionsValue) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onChange({ ...value, [field]: event.currentTarget.value });
  const blur = () => setTouched(true);

  return (
    <CollapsibleCard
      id="post-installation"
      title={t('manifests.builder.instructions.title')}
      description={t('manifests.builder.instructions.description')}
    >
      <Stack gap="sm">
        <Textarea
          label={t('manifests.builder.instructions.notes')}
          autosize
          minRows={3}
          value={value.notes}
          onChange={set('notes')}
          onBlur={blur}
          error={error('/notes')}
          readOnly={!editable}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('manifests.builder.instructions.label')}
            value={value.label}
            onChange={set('label')}
            onBlur={blur}
            error={error('/page/label')}
            readOnly={!editable}
          />
          <TextInput
            label={t('manifests.builder.instructions.url')}
            placeholder="https://"
            type="url"
            value={value.url}
            onChange={set('url')}
            onBlur={blur}
            error={error('/page/url')}
            readOnly={!editable}
          />
        </SimpleGrid>
      </Stack>
    </CollapsibleCard>
  );
}
