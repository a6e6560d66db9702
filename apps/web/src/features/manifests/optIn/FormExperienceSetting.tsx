import { Switch } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/SectionCard';
import { notifyFormExperience } from './notify';
import { useFormExperience } from './useFormExperience';

/** The account-settings toggle of the form-based experience (spec 2 §2): in or out, with a 2 s toast. */
export function FormExperienceSetting() {
  const { t } = useTranslation();
  const { on, forced, choose } = useFormExperience();
  const [saving, setSaving] = useState(false);

  const change = async (next: boolean) => {
    setSaving(true);
    await choose(next);
    setSaving(false);
    notifyFormExperience(
      t(next ? 'classicManifests.optIn.toast.optedIn' : 'classicManifests.optIn.toast.optedOut'),
    );
  };

  return (
    <SectionCard
      id="form-experience"
      size="h3"
      title={t('classicManifests.optIn.setting.title')}
      description={t('classicManifests.optIn.setting.description')}
    >
      <Switch
        checked={on}
        disabled={forced || saving}
        onChange={(event) => void change(event.currentTarget.checked)}
        label={t('classicManifests.optIn.setting.label')}
        description={
          forced ? t('classicManifests.optIn.setting.forced') : t('classicManifests.optIn.setting.hint')
        }
      />
    </SectionCard>
  );
}
