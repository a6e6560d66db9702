import { describe, expect, it } from 'vitest';
import { DESCRIPTIONS, type OAuthErrorCode } from './errors';
import { describeError, escapeHtml, formTargetOf, languageOf, messages, t } from './pages';

describe('the OAuth pages', () => {
  it('speak the first language of Accept-Language that they know, by weight', () => {
    expect(languageOf(undefined)).toBe('en');
    expect(languageOf('es')).toBe('es');
    expect(languageOf('es-MX,es;q=0.9,en;q=0.8')).toBe('es');
    expect(languageOf('fr-FR, de;q=0.9, es;q=0.5, en;q=0.4')).toBe('es');
    expect(languageOf('en;q=0.5, es;q=0.8')).toBe('es');
    expect(languageOf('es;q=0, en')).toBe('en');
    expect(languageOf('fr, de')).toBe('en');
  });

  it('have every message in both languages with the same placeholders', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    expect(Object.keys(messages.es).sort()).toEqual(Object.keys(messages.en).sort());
    for (const key of Object.keys(messages.en) as (keyof typeof messages.en)[]) {
      expect(placeholders(messages.es[key])).toEqual(placeholders(messages.en[key]));
    }
  });

  it('escape the text and the values they put in it', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(t('en', 'consentQuestion', { app: '<i>', company: 'A & B', user: '"u"' })).toBe(
      'Allow <strong>&lt;i&gt;</strong> to access <strong>A &amp; B</strong> as <strong>&quot;u&quot;</strong>?',
    );
  });

  it('let a form go on to the origin of an http(s) redirect URI, or the scheme of a native one', () => {
    expect(formTargetOf('http://localhost:8765/callback?x=1')).toBe('http://localhost:8765');
    expect(formTargetOf('https://app.example.com/cb')).toBe('https://app.example.com');
    expect(formTargetOf('com.example.app:/oauth')).toBe('com.example.app:');
    expect(formTargetOf('not a uri')).toBeUndefined();
    expect(formTargetOf('javascript:alert(1)')).toBeUndefined();
    expect(formTargetOf('data:text/html,x')).toBeUndefined();
  });

  it("describe an out-of-band client's error in Spanish too, parameters named as sent", () => {
    for (const code of Object.keys(DESCRIPTIONS) as OAuthErrorCode[]) {
      expect(describeError('en', code, DESCRIPTIONS[code])).toBe(DESCRIPTIONS[code]);
      const spanish = describeError('es', code, DESCRIPTIONS[code]);
      expect(spanish).not.toBe(DESCRIPTIONS[code]);
      expect(spanish.length).toBeGreaterThan(20);
    }
    expect(describeError('es', 'invalid_request', 'Missing required parameter: response_type.')).toBe(
      'Falta el parámetro obligatorio: response_type.',
    );
    expect(describeError('es', 'invalid_request', 'Invalid parameter: state.')).toBe(
      'Parámetro no válido: state.',
    );
  });
});
