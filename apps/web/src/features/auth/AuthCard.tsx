import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface AuthCardProps {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The centred card every signed-out page uses. */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  return (
    <Container size={460} py="xl">
      <Stack gap="xs" mb="lg" ta="center">
        <Title order={1} fz={28}>
          {title}
        </Title>
        {subtitle ? <Text c="dimmed">{subtitle}</Text> : null}
      </Stack>
      <Paper withBorder shadow="sm" p="xl" radius="md">
        {children}
      </Paper>
      {footer ? (
        <Text ta="center" mt="md" size="sm">
          {footer}
        </Text>
      ) : null}
    </Container>
  );
}
