import type { BucketUsage } from '@lintel/shared';
import { Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** "6 s", "12 min", "2 h": the time left until a window resets. */
export function useResetText() {
  const { t } = useTranslation();
  return (ms: number): string => {
    const seconds = Math.max(0, Math.ceil(ms / 1000));
    if (seconds < 60) return t('apiActivity.buckets.seconds', { count: seconds });
    if (seconds < 3600) return t('apiActivity.buckets.minutes', { count: Math.ceil(seconds / 60) });
    return t('apiActivity.buckets.hours', { count: Math.round(seconds / 3600) });
  };
}

/** The current time, ticking every second while mounted (the countdowns). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  const interval = useInterval(() => setNow(Date.now()), 1000);
  useEffect(() => {
    interval.start();
    return interval.stop;
  }, [interval.start, interval.stop]);
  return now;
}

/**
 * Each rate-limit template's current use, grouped by environment and server: "spike 37 of 100, resets in
 * 6 s", counting down every second. A window that has reset shows as unused until the next refresh.
 */
export function BucketUsageList({ buckets }: { buckets: BucketUsage[] }) {
  const { t } = useTranslation();
  const now = useNow();
  const resetText = useResetText();
  if (buckets.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {t('apiActivity.buckets.none')}
      </Text>
    );
  }
  const groups = new Map<string, BucketUsage[]>();
  for (const bucket of buckets) {
    const key = `${bucket.environment}|${bucket.server}|${bucket.bucket ?? ''}`;
    groups.set(key, [...(groups.get(key) ?? []), bucket]);
  }
  return (
    <Stack gap="md">
      {[...groups.entries()].map(([key, templates]) => {
        const first = templates[0] as BucketUsage;
        const heading = t('apiActivity.buckets.group', {
          environment: t(`apiActivity.environments.${first.environment}`),
          server: first.server,
        });
        return (
          <Stack key={key} gap={6}>
            <Title order={4} size="h6">
              {heading}{' '}
              <Text span c="dimmed" size="xs" fw={400}>
                ({first.bucket ?? t('apiActivity.buckets.defaults')})
              </Text>
            </Title>
            {templates.map((template) => {
              const left = template.resets_at ? Date.parse(template.resets_at) - now : 0;
              const active = left > 0;
              const used = active ? template.used : 0;
              const percent = template.limit > 0 ? Math.min(100, (used / template.limit) * 100) : 100;
              const usage = t('apiActivity.buckets.usage', {
                template: template.template,
                used,
                limit: template.limit,
              });
              const tail = active
                ? t('apiActivity.buckets.resetsIn', { time: resetText(left) })
                : t('apiActivity.buckets.idle');
              return (
                <div key={template.template}>
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <Text size="sm" fw={500}>
                      {usage}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {tail}
                    </Text>
                  </Group>
                  <Progress
                    value={percent}
                    color={percent >= 90 ? 'red' : percent >= 70 ? 'orange' : 'indigo'}
                    size="sm"
                    aria-label={`${usage}, ${tail}`}
                  />
                </div>
              );
            })}
          </Stack>
        );
      })}
    </Stack>
  );
}
