import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconUpload } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { detailText, sectionErrorMessage } from '../api/errorText';
import type { UploadProgress } from '../api/upload';

export interface UploadOptions {
  onProgress: (progress: UploadProgress) => void;
  signal: AbortSignal;
}

export interface UploadDropzoneProps {
  /** What the zone does, e.g. "Upload logo": its accessible name and its heading. */
  label: string;
  /** The MIME types accepted (the server still decides from the bytes). */
  accept: readonly string[];
  maxBytes: number;
  /**
   * Sends one file, reporting progress and stopping when the signal aborts — typically
   * `(file, options) => mutation.mutateAsync({ file, ...options })`. Its failure is the caller's to
   * show (a MutationErrorAlert of that mutation); the zone only stops its progress bar.
   */
  onUpload: (file: File, options: UploadOptions) => Promise<unknown>;
  /**
   * The last upload's failure (the upload mutation's error): the zone shows it in its one alert, in
   * place of the files it refused itself, so failures never pile up; a new drop replaces it.
   */
  error?: unknown;
  /** Several files, sent one after another (the listing's media). */
  multiple?: boolean;
  disabled?: boolean;
}

interface Current {
  name: string;
  percent: number | null;
}

/** A short name of a MIME type for people: image/jpeg → JPEG, image/svg+xml → SVG. */
export function typeName(mime: string): string {
  const subtype = mime.split('/')[1] ?? mime;
  return subtype.replace(/^x-/, '').split('+')[0]?.toUpperCase() ?? mime;
}

/**
 * Choose or drop files: says which types and what size are accepted before anything is sent, refuses
 * the others at once, shows the real upload progress and lets the upload be cancelled. Keyboard: the
 * zone is a button (Enter or Space opens the file chooser).
 */
export function UploadDropzone({
  label,
  accept,
  maxBytes,
  onUpload,
  multiple = false,
  disabled = false,
  error,
}: UploadDropzoneProps) {
  const { t, i18n } = useTranslation();
  const hintId = useId();
  const [current, setCurrent] = useState<Current | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  // A refusal of the zone's own is newer than the last upload's failure: it replaces it.
  const [errorStale, setErrorStale] = useState(false);
  const [canceled, setCanceled] = useState(false);
  const controller = useRef<AbortController | null>(null);
  // Leaving the page stops an upload under way.
  useEffect(() => () => controller.current?.abort(), []);

  const types = new Intl.ListFormat(i18n.language, { type: 'disjunction' }).format(accept.map(typeName));
  const maxMb = Math.round((maxBytes / 1024 / 1024) * 10) / 10;
  const size = new Intl.NumberFormat(i18n.language, {
    style: 'unit',
    unit: 'megabyte',
    maximumFractionDigits: 1,
  }).format(maxMb);

  const send = async (files: File[]) => {
    setProblems([]);
    setErrorStale(false);
    setCanceled(false);
    for (const file of files) {
      const abort = new AbortController();
      controller.current = abort;
      setCurrent({ name: file.name, percent: 0 });
      try {
        await onUpload(file, {
          signal: abort.signal,
          onProgress: ({ percent }) => setCurrent({ name: file.name, percent }),
        });
      } catch {
        // The caller shows why (its mutation's error); a cancel is said below.
        if (abort.signal.aborted) setCanceled(true);
        break;
      } finally {
        controller.current = null;
        setCurrent(null);
      }
    }
  };

  const reject = (rejections: FileRejection[]) => {
    setCanceled(false);
    setErrorStale(true);
    setProblems(
      rejections.map(({ file, errors }) => {
        const codes = errors.map((error) => error.code);
        if (codes.includes('file-invalid-type'))
          return detailText(t, { code: 'file_type', params: { name: file.name, types } });
        if (codes.includes('file-too-large'))
          return detailText(t, { code: 'file_too_large', params: { name: file.name, max_mb: maxMb } });
        if (codes.includes('too-many-files')) return t('kit.upload.oneFile');
        return detailText(t, { code: 'invalid' });
      }),
    );
  };

  const uploading = current !== null;
  // One current error per zone: the files it refused, else the last upload's failure (not a cancel).
  const failure =
    error && !errorStale && !canceled && !uploading
      ? sectionErrorMessage(t, error, { language: i18n.resolvedLanguage })
      : null;
  const shown = problems.length > 0 ? problems : failure ? [failure] : [];
  return (
    <Stack gap="xs">
      <Dropzone
        onDrop={(files) => void send(files)}
        onReject={reject}
        accept={[...accept]}
        maxSize={maxBytes}
        multiple={multiple}
        disabled={disabled || uploading}
        role="button"
        aria-label={label}
        aria-describedby={hintId}
        aria-disabled={disabled || uploading}
        // The zone is the control: its file input is out of the accessibility tree, not a second
        // focusable element inside a button (axe nested-interactive). Files still arrive through it.
        inputProps={{ 'aria-label': label, style: { display: 'none' } }}
        p="md"
      >
        <Group gap="sm" wrap="nowrap" style={{ pointerEvents: 'none' }}>
          <IconUpload size={28} aria-hidden />
          <Text fw={500}>{label}</Text>
        </Group>
      </Dropzone>
      {/* The rule sits below the zone, as its description: inside, it would be visible text missing
          from the zone's name (axe label-content-name-mismatch). */}
      <Text size="sm" c="dimmed" id={hintId} mt={-4}>
        {t('kit.upload.hint', { types, size })}
      </Text>
      <div role="status" aria-live="polite">
        {current ? (
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm">
                {current.percent === null
                  ? t('kit.upload.uploading', { name: current.name })
                  : t('kit.upload.progress', { name: current.name, percent: current.percent })}
              </Text>
              <Button size="xs" variant="subtle" color="red" onClick={() => controller.current?.abort()}>
                {t('kit.upload.cancel')}
              </Button>
            </Group>
            <Progress
              value={current.percent ?? 100}
              striped={current.percent === null}
              animated={current.percent === null}
              aria-label={t('kit.upload.progressLabel', { name: current.name })}
            />
          </Stack>
        ) : canceled ? (
          <Text size="sm">{t('kit.upload.canceled')}</Text>
        ) : null}
      </div>
      {shown.length > 0 ? (
        <Alert color="red" role="alert" p="xs">
          {shown.map((problem) => (
            <Text size="sm" key={problem}>
              {problem}
            </Text>
          ))}
        </Alert>
      ) : null}
    </Stack>
  );
}
