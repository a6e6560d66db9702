import type { CollaboratorRole, SandboxStatus } from '@lintel/shared';
import { Avatar, Badge, type MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Up to two letters of the app's name. */
export function appInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[1]] : words;
  return letters.map((word) => word?.[0]?.toUpperCase() ?? '').join('') || '?';
}

const roleColors: Record<CollaboratorRole, string> = { owner: 'indigo', admin: 'cyan', developer: 'gray' };
const sandboxColors: Record<SandboxStatus | 'none', string> = {
  live: 'green',
  pending: 'yellow',
  failed: 'red',
  none: 'gray',
};

export function RoleBadge({ role }: { role: CollaboratorRole | null }) {
  const { t } = useTranslation();
  if (!role) return null;
  return (
    <Badge variant="light" color={roleColors[role]}>
      {t(`developerApps.roles.${role}`)}
    </Badge>
  );
}

/** The sandbox's state, or "No sandbox" for an app without one yet. */
export function SandboxStatusBadge({ status }: { status: SandboxStatus | null }) {
  const { t } = useTranslation();
  const value = status ?? 'none';
  return (
    <Badge variant="dot" color={sandboxColors[value]}>
      {t(`developerApps.sandbox.status.${value}`)}
    </Badge>
  );
}

export interface AppAvatarProps {
  name: string;
  thumbnailUrl: string | null;
  size?: MantineSize | number;
}

/** The app's logo, or its initials when it has none. Decorative: the name is always beside it. */
export function AppAvatar({ name, thumbnailUrl, size = 'lg' }: AppAvatarProps) {
  return (
    <Avatar src={thumbnailUrl} alt="" size={size} radius="md" color="indigo" aria-hidden>
      {appInitials(name)}
    </Avatar>
  );
}
