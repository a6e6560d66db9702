import { describe, expect, it } from 'vitest';
import { englishFieldLabel, fieldLabelOf } from './field-labels';

describe('field labels', () => {
  it('names the fields the issue found shown as paths', () => {
    expect(englishFieldLabel('developer_app.thumbnail')).toBe('Thumbnail');
    expect(englishFieldLabel('data.name')).toBe('Name');
    expect(englishFieldLabel('category_ids')).toBe('Categories');
    expect(englishFieldLabel('pictures_attributes.0.file')).toBe('Picture 1');
    expect(englishFieldLabel('pictures_attributes[2][file]')).toBe('Picture 3');
    expect(englishFieldLabel('data.bucket_templates.1.limit')).toBe('Template 2 limit');
  });

  it('gives the web a key and an item number to translate', () => {
    expect(fieldLabelOf('developer_app.thumbnail')).toEqual({ key: 'thumbnail' });
    expect(fieldLabelOf('feature_bullets.2')).toEqual({ key: 'featureBullet', number: 3 });
    expect(fieldLabelOf('security_questionnaire.has_sso_support')).toBeUndefined();
  });

  it('reads an unknown path by its last word, never as the path', () => {
    expect(englishFieldLabel('security_questionnaire.has_sso_support')).toBe('Has sso support');
    expect(englishFieldLabel('')).toBe('Request');
    // Never a property of Object.prototype.
    expect(fieldLabelOf('constructor')).toBeUndefined();
    expect(fieldLabelOf('data.__proto__')).toBeUndefined();
    expect(englishFieldLabel('toString')).toBe('ToString');
  });
});
