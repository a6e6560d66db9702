import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n';
import { allBundles } from '../../test/i18n';
import { regionName } from './regionName';

const translator = (language: 'en' | 'es') => {
  const i18n = createI18n(language, { preloaded: allBundles });
  return i18n.t.bind(i18n) as unknown as TFunction;
};

describe('regionName (issue 20: region names in Spanish)', () => {
  it('names the platform regions in the user’s language', () => {
    expect(regionName(translator('en'), 'Latin America')).toBe('Latin America');
    expect(regionName(translator('es'), 'Latin America')).toBe('Latinoamérica');
    expect(regionName(translator('es'), 'Middle East & Africa')).toBe('Oriente Medio y África');
  });

  it('keeps the stored name of a region it does not know, and never reads Object.prototype', () => {
    expect(regionName(translator('es'), 'Antarctica')).toBe('Antarctica');
    expect(regionName(translator('es'), 'toString')).toBe('toString');
  });
});
