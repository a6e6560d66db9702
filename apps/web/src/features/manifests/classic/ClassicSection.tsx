import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The sections of the older layout's single page, by the tab they stand for. */
export const CLASSIC_SECTIONS = [
  'settings',
  'manifests',
  'sandbox',
  'oauthCredentials',
  'collaborators',
  'marketplaceListing',
  'apiActivity',
  'webhooks',
] as const;
export type ClassicSectionId = (typeof CLASSIC_SECTIONS)[number];

/** The element id of a section of the older layout, for in-page links and scrolling. */
export const classicSectionId = (section: ClassicSectionId) => `app-section-${section}`;

/**
 * A titled group of cards on the older layout, a landmark labelled by its heading; without a title,
 * only the scroll target around one card that has its own heading — a landmark named by `label` when
 * given (the listing editor, whose own heading carries its status).
 */
export function ClassicSection({
  section,
  title,
  label,
  children,
}: {
  section: ClassicSectionId;
  title?: ReactNode;
  label?: string;
  children: ReactNode;
}) {
  const id = classicSectionId(section);
  if (title === undefined) {
    return label === undefined ? (
      <div id={id} style={{ scrollMarginTop: 72 }}>
        {children}
      </div>
    ) : (
      <section id={id} aria-label={label} style={{ scrollMarginTop: 72 }}>
        {children}
      </section>
    );
  }
  return (
    <Stack
      component="section"
      id={id}
      aria-labelledby={`${id}-title`}
      gap="sm"
      style={{ scrollMarginTop: 72 }}
    >
      <Title order={2} size="h3" id={`${id}-title`}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}
