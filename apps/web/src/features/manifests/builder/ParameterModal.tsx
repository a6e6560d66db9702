import { type Parameter, parameterProblems, RESERVED_KEY_PREFIX } from '@lintel/shared/manifests';
import { Alert, Button, Group, Modal, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ParameterModalProps {
  opened: boolean;
  /** The parameter being edited; null adds a new one. */
  parameter: Parameter | null;
  /** The keys of the component's other parameters (a key is used once). */
  otherKeys: readonly string[];
  onSave: (parameter: Parameter) => void;
  onClose: () => void;
}

const EMPTY: Parameter = { key: '', name: '', description: '', required: false };

type KeyProblem = 'required' | 'taken' | 'reserved' | 'invalid';

/**
 * The add or edit parameter modal (spec 2 §2 Dialogs): name, key, description and the required switch.
 * Key, name and description are required together (spec 2 §5), with the spec's message.
 */
export function ParameterModal({ opened, parameter, otherKeys, onSave, onClose }: ParameterModalProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Parameter>(parameter ?? EMPTY);
  const [submitted, setSubmitted] = useState(false);

  useEffect(() => {
    if (opened) {
      setValues(parameter ?? EMPTY);
      setSubmitted(false);
    }
  }, [opened, parameter]);

  const problems = parameterProblems(values, otherKeys);
  const missing = problems.some((p) => p.pointer === '');
  const fieldMissing = (field: 'key' | 'name' | 'description') =>
    problems.some((p) => p.pointer === `/${field}`) && values[field].trim() === '';
  const keyProblem: KeyProblem | null = fieldMissing('key')
    ? 'required'
    : problems.some((p) => p.pointer === '/key')
      ? otherKeys.includes(values.key.trim())
        ? 'taken'
        : values.key.trim().toLowerCase().startsWith(RESERVED_KEY_PREFIX)
          ? 'reserved'
          : 'invalid'
      : null;

  const set = (field: keyof Parameter) => (value: string | boolean) =>
    setValues((current) => ({ ...current, [field]: value }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    setSubmitted(true);
    if (problems.length > 0) return;
    onSave({
      key: values.key.trim(),
      name: values.name.trim(),
      description: values.description.trim(),
      required: values.required,
    });
  };

  const keyError =
    submitted && keyProblem
      ? keyProblem === 'required'
        ? t('manifests.builder.rules.required')
        : t(`manifests.builder.parameter.key_${keyProblem}`, { prefix: RESERVED_KEY_PREFIX })
      : undefined;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        parameter ? t('manifests.builder.parameter.editTitle') : t('manifests.builder.parameter.addTitle')
      }
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
      zIndex={400}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {submitted && missing ? (
            <Alert color="red" role="alert">
              {t('manifests.builder.rules.parameter')}
            </Alert>
          ) : null}
          <TextInput
            label={t('manifests.builder.parameter.name')}
            required
            value={values.name}
            onChange={(event) => set('name')(event.currentTarget.value)}
            error={submitted && fieldMissing('name') ? t('manifests.builder.rules.required') : undefined}
            data-autofocus
          />
          <TextInput
            label={t('manifests.builder.parameter.key')}
            description={t('manifests.builder.parameter.keyDescription')}
            required
            value={values.key}
            onChange={(event) => set('key')(event.currentTarget.value)}
            error={keyError}
            spellCheck={false}
            autoComplete="off"
          />
          <Textarea
            label={t('manifests.builder.parameter.description')}
            required
            autosize
            minRows={2}
            value={values.description}
            onChange={(event) => set('description')(event.currentTarget.value)}
            error={
              submitted && fieldMissing('description') ? t('manifests.builder.rules.required') : undefined
            }
          />
          <Switch
            label={t('manifests.builder.parameter.required')}
            checked={values.required}
            onChange={(event) => set('required')(event.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit">
              {parameter ? t('manifests.builder.parameter.save') : t('manifests.builder.parameter.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
