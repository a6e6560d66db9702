import { diffListings } from '@lintel/shared/listing';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n';
import { allBundles } from '../../test/i18n';
import { describeValue, labelOfPath, snapshotOfForm, snapshotOfSubmission } from './changes';
import { buildCompleteSubmission, buildReferences } from './factories';
import { formValuesOf } from './formValues';

const refs = buildReferences();
const translator = (language: 'en' | 'es') => {
  const i18n = createI18n(language, { preloaded: allBundles });
  return i18n.t.bind(i18n) as unknown as Parameters<typeof labelOfPath>[0];
};

describe('the words of the diff', () => {
  it('labels a field path as the form does, in the user’s language', () => {
    const en = translator('en');
    expect(labelOfPath(en, 'en', 'feature_bullets.1')).toBe('2nd feature');
    expect(labelOfPath(en, 'en', 'helpful_links.0.url')).toBe('Link 1 URL');
    expect(labelOfPath(en, 'en', 'website_link.url')).toBe('Support website URL');
    expect(labelOfPath(en, 'en', 'security_questionnaire.security_email')).toBe('Security contact email');
    expect(labelOfPath(en, 'en', 'pictures')).toBe('Screenshots');
    expect(labelOfPath(en, 'en', 'showcase_video')).toBe('Showcase video');
    expect(labelOfPath(translator('es'), 'es', 'tagline')).not.toBe('Tagline');
  });

  it('names ids, versions and answers', () => {
    const en = translator('en');
    expect(describeValue(en, 'en', 'category_ids', [1, 2], refs)).toBe('Project Management, Safety');
    expect(describeValue(en, 'en', 'country_ids', [102, 103], refs)).toBe('Spain, Unknown Country');
    expect(describeValue(en, 'en', 'app_version_id', 7, refs)).toBe('1.2.0');
    expect(describeValue(en, 'en', 'app_version_id', 3, refs, { 3: '1.0.0' })).toBe('1.0.0');
    expect(describeValue(en, 'en', 'has_trials', false, refs)).toBe('No');
    expect(describeValue(en, 'en', 'tagline', null, refs)).toBe('(empty)');
    expect(describeValue(en, 'en', 'security_questionnaire.security_standard_ids', [1], refs)).toBe(
      'ISO 27001',
    );
  });

  it('a saved submission and the form opened on it compare equal', () => {
    const saved = buildCompleteSubmission();
    expect(diffListings(snapshotOfSubmission(saved), snapshotOfForm(formValuesOf(saved)))).toEqual({
      fields: [],
      media: [],
    });
  });
});
