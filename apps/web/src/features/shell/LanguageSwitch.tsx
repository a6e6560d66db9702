// A lazy part of the shell: it brings the Mantine styles the first page did not load.
import '../../styles/more.css';
import { Button, Menu } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage, LANGUAGES } from '../../i18n';

/** English / Español; the choice is kept in localStorage. */
export function LanguageSwitch({ fullWidth = false }: { fullWidth?: boolean }) {
  const { t, i18n } = useTranslation();
  const current = LANGUAGES.find((language) => language.code === i18n.resolvedLanguage) ?? LANGUAGES[0];
  // No focus placeholder inside role="menu" (axe aria-required-children; see TopNavMenus).
  return (
    <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          fullWidth={fullWidth}
          justify={fullWidth ? 'flex-start' : undefined}
          leftSection={<IconLanguage size={18} aria-hidden />}
          aria-label={t('shell.language.label', { language: current.label })}
        >
          {current.label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((language) => (
          <Menu.Item
            key={language.code}
            lang={language.code}
            leftSection={
              language.code === current.code ? (
                <IconCheck size={16} aria-hidden />
              ) : (
                <span style={{ width: 16 }} />
              )
            }
            onClick={() => {
              if (isLanguage(language.code)) void changeLanguage(i18n, language.code);
            }}
          >
            {language.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
