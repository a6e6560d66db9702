import { describe, expect, it } from 'vitest';
import { DEVELOPER_APP_LIMITS, OOB_REDIRECT_URI, parseRedirectUris } from './developer-apps';

// Spec 2 §5: one redirect URI per line; https only, except loopback http and the redirectless
// urn:ietf:wg:oauth:2.0:oob. Both the server (PATCH /sandboxes/:id) and the web form use this parser.

const HTTPS_ONLY = 'must use https (http is allowed only for localhost and 127.0.0.1)';

/** The message of the only problem the text has, asserting there is exactly one. */
function onlyProblem(text: string) {
  const { uris, problems } = parseRedirectUris(text);
  expect(problems).toHaveLength(1);
  return { uris, problem: problems[0] };
}

describe('parseRedirectUris: lines', () => {
  it('accepts nothing at all: an empty text has no URIs and no problems', () => {
    expect(parseRedirectUris('')).toEqual({ uris: [], problems: [] });
    expect(parseRedirectUris('\n \n\t\n')).toEqual({ uris: [], problems: [] });
  });

  it('reads one URI per line, in the order written', () => {
    expect(parseRedirectUris('https://b.example/cb\nhttps://a.example/cb').uris).toEqual([
      'https://b.example/cb',
      'https://a.example/cb',
    ]);
  });

  it('skips blank and whitespace-only lines', () => {
    const { uris, problems } = parseRedirectUris('\nhttps://a.example/cb\n\n   \n\thttps://b.example/cb\n\n');
    expect(uris).toEqual(['https://a.example/cb', 'https://b.example/cb']);
    expect(problems).toEqual([]);
  });

  it('trims the whitespace around each URI and accepts Windows line ends', () => {
    const { uris, problems } = parseRedirectUris('  https://a.example/cb \t\r\nhttps://b.example/cb\r\n');
    expect(uris).toEqual(['https://a.example/cb', 'https://b.example/cb']);
    expect(problems).toEqual([]);
  });

  it('keeps the first of duplicate URIs only', () => {
    const { uris, problems } = parseRedirectUris(
      'https://a.example/cb\nhttps://b.example/cb\n  https://a.example/cb\nhttps://a.example/cb',
    );
    expect(uris).toEqual(['https://a.example/cb', 'https://b.example/cb']);
    expect(problems).toEqual([]);
  });

  it('compares duplicates as written: other paths, queries or cases are other URIs', () => {
    const { uris } = parseRedirectUris(
      'https://a.example/cb\nhttps://a.example/cb/\nhttps://a.example/cb?x=1\nhttps://a.example/CB',
    );
    expect(uris).toHaveLength(4);
  });
});

describe('parseRedirectUris: which URIs are acceptable', () => {
  it.each([
    'https://example.com/cb',
    'https://example.com:8443/oauth/callback?state=kept',
    'https://sub.example.co.uk/',
    'HTTPS://Example.com/cb',
    'http://localhost/cb',
    'http://localhost:8080/cb',
    'http://LOCALHOST:3000/cb',
    'http://127.0.0.1/cb',
    'http://127.0.0.1:49152/cb',
    OOB_REDIRECT_URI,
  ])('accepts %s', (uri) => {
    expect(parseRedirectUris(uri)).toEqual({ uris: [uri], problems: [] });
  });

  it.each([
    'http://example.com/cb',
    'http://localhost.example.com/cb',
    'http://127.0.0.2/cb',
    'http://[::1]:8080/cb',
    'http://0.0.0.0/cb',
    'ftp://example.com/cb',
    'myapp://callback',
    'localhost:3000/cb',
  ])('refuses %s: https only, except loopback http', (uri) => {
    const { uris, problem } = onlyProblem(uri);
    expect(uris).toEqual([]);
    expect(problem).toEqual({ line: 1, value: uri, message: HTTPS_ONLY, reason: 'not_https' });
  });

  it.each(['not a uri', 'example.com/cb', '/relative/cb', 'https://', 'https://exa mple.com/cb'])(
    'refuses %s: not a valid URI',
    (uri) => {
      expect(onlyProblem(uri).problem).toEqual({
        line: 1,
        value: uri,
        message: 'is not a valid URI',
        reason: 'invalid',
      });
    },
  );

  it.each([
    ['javascript:alert(1)', 'must not use the javascript: scheme'],
    ['data:text/html,<script>alert(1)</script>', 'must not use the data: scheme'],
  ])('refuses %s: a dangerous scheme', (uri, message) => {
    expect(onlyProblem(uri).problem?.message).toBe(message);
  });

  it.each(['https://example.com/cb#fragment', 'https://example.com/cb#', 'http://localhost:8080/#/cb'])(
    'refuses %s: a fragment',
    (uri) => {
      expect(onlyProblem(uri).problem?.message).toBe('must not contain a fragment (#)');
    },
  );

  it.each([
    'https://user@example.com/cb',
    'https://user:secret@example.com/cb',
    'http://user:secret@localhost:8080/cb',
  ])('refuses %s: credentials in the URI', (uri) => {
    expect(onlyProblem(uri).problem?.message).toBe('must not contain a user name or password');
  });

  it('accepts the out-of-band value only exactly as written', () => {
    expect(onlyProblem(`${OOB_REDIRECT_URI}:extra`).problem?.message).toBe(HTTPS_ONLY);
    expect(onlyProblem('urn:ietf:wg:oauth:2.0:OOB').problem?.message).toBe(HTTPS_ONLY);
  });
});

describe('parseRedirectUris: problems', () => {
  it('reports every bad line with its 1-based line number (blank lines counted) and trimmed value', () => {
    const { uris, problems } = parseRedirectUris(
      ['https://ok.example/cb', '', '  http://example.com/cb  ', 'nonsense', 'https://x.example/#a'].join(
        '\n',
      ),
    );
    expect(uris).toEqual(['https://ok.example/cb']);
    expect(problems).toEqual([
      { line: 3, value: 'http://example.com/cb', message: HTTPS_ONLY, reason: 'not_https' },
      { line: 4, value: 'nonsense', message: 'is not a valid URI', reason: 'invalid' },
      {
        line: 5,
        value: 'https://x.example/#a',
        message: 'must not contain a fragment (#)',
        reason: 'fragment',
      },
    ]);
  });

  it('reports a bad line each time it is repeated, and keeps the good ones', () => {
    const { uris, problems } = parseRedirectUris(
      'http://example.com/cb\nhttps://a.example/cb\nhttp://example.com/cb',
    );
    expect(uris).toEqual(['https://a.example/cb']);
    expect(problems.map((p) => p.line)).toEqual([1, 3]);
  });
});

describe('parseRedirectUris: limits', () => {
  const uriOfLength = (length: number) => {
    const prefix = 'https://example.com/';
    return prefix + 'a'.repeat(length - prefix.length);
  };

  it(`accepts a URI of ${DEVELOPER_APP_LIMITS.redirectUri} characters and refuses one longer`, () => {
    const longest = uriOfLength(DEVELOPER_APP_LIMITS.redirectUri);
    expect(longest).toHaveLength(DEVELOPER_APP_LIMITS.redirectUri);
    expect(parseRedirectUris(longest)).toEqual({ uris: [longest], problems: [] });

    const tooLong = uriOfLength(DEVELOPER_APP_LIMITS.redirectUri + 1);
    expect(onlyProblem(tooLong).problem).toEqual({
      line: 1,
      value: tooLong,
      message: `is longer than ${DEVELOPER_APP_LIMITS.redirectUri} characters`,
      reason: 'too_long',
    });
  });

  it('measures the length after trimming', () => {
    const longest = uriOfLength(DEVELOPER_APP_LIMITS.redirectUri);
    expect(parseRedirectUris(`   ${longest}   `).problems).toEqual([]);
  });

  const distinct = (count: number) =>
    Array.from({ length: count }, (_, i) => `https://app${i}.example/cb`).join('\n');

  it(`accepts ${DEVELOPER_APP_LIMITS.redirectUris} URIs`, () => {
    const { uris, problems } = parseRedirectUris(distinct(DEVELOPER_APP_LIMITS.redirectUris));
    expect(uris).toHaveLength(DEVELOPER_APP_LIMITS.redirectUris);
    expect(problems).toEqual([]);
  });

  it(`refuses more than ${DEVELOPER_APP_LIMITS.redirectUris} URIs with one problem for the whole text`, () => {
    const { uris, problems } = parseRedirectUris(distinct(DEVELOPER_APP_LIMITS.redirectUris + 1));
    expect(uris).toHaveLength(DEVELOPER_APP_LIMITS.redirectUris + 1);
    expect(problems).toEqual([
      {
        line: 0,
        value: '',
        message: `at most ${DEVELOPER_APP_LIMITS.redirectUris} redirect URIs`,
        reason: 'too_many',
      },
    ]);
  });

  it('counts distinct valid URIs only: duplicates, blank and bad lines do not count towards the limit', () => {
    const text = [
      distinct(DEVELOPER_APP_LIMITS.redirectUris),
      'https://app0.example/cb',
      '',
      'http://example.com/cb',
    ].join('\n');
    const { uris, problems } = parseRedirectUris(text);
    expect(uris).toHaveLength(DEVELOPER_APP_LIMITS.redirectUris);
    expect(problems.map((p) => p.message)).toEqual([HTTPS_ONLY]);
  });
});
