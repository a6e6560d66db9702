import { Container, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const SECTIONS = ['apps', 'credentials', 'data', 'marketplace', 'changes'] as const;

/** The platform policies that creating an app agrees to (linked from the create-app modal). */
export function TermsPage() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>{t('legal.terms.title')}</Title>
        <Text c="dimmed">{t('legal.terms.intro')}</Text>
        <List spacing="sm">
          {SECTIONS.map((section) => (
            <List.Item key={section}>
              <Text fw={600} span>
                {t(`legal.terms.sections.${section}.title`)}
              </Text>{' '}
              {t(`legal.terms.sections.${section}.body`)}
            </List.Item>
          ))}
        </List>
      </Stack>
    </Container>
  );
}

export default TermsPage;
