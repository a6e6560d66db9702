// Issue 22 "Safe outbound calls": the address rules of webhook destinations, checked without sending
// anything anywhere (the resolver is the test's own).
import { describe, expect, it } from 'vitest';
import { addressRefusal, checkDestination, classifyAddress } from './addresses';
import { backoffMs, MAX_BACKOFF_MS } from './engine';
import { describeError } from './post';

const resolvesTo =
  (...addresses: string[]) =>
  async () =>
    addresses;

describe('classifyAddress', () => {
  it('names loopback, private, link-local, metadata, reserved and public addresses', () => {
    expect(classifyAddress('127.0.0.1')).toBe('loopback');
    expect(classifyAddress('127.3.2.1')).toBe('loopback');
    expect(classifyAddress('::1')).toBe('loopback');
    expect(classifyAddress('[::1]')).toBe('loopback');
    expect(classifyAddress('10.0.0.1')).toBe('private');
    expect(classifyAddress('172.16.5.4')).toBe('private');
    expect(classifyAddress('172.32.0.1')).toBe('public');
    expect(classifyAddress('192.168.1.1')).toBe('private');
    expect(classifyAddress('100.64.0.1')).toBe('private');
    expect(classifyAddress('fd12:3456::1')).toBe('private');
    expect(classifyAddress('169.254.10.1')).toBe('link-local');
    expect(classifyAddress('fe80::1')).toBe('link-local');
    expect(classifyAddress('169.254.169.254')).toBe('metadata');
    expect(classifyAddress('fd00:ec2::254')).toBe('metadata');
    expect(classifyAddress('fd00:ec2:0:0::254')).toBe('metadata');
    expect(classifyAddress('::ffff:169.254.169.254')).toBe('metadata');
    expect(classifyAddress('::ffff:a9fe:a9fe')).toBe('metadata');
    expect(classifyAddress('::ffff:127.0.0.1')).toBe('loopback');
    expect(classifyAddress('::ffff:10.1.2.3')).toBe('private');
    expect(classifyAddress('0.0.0.0')).toBe('reserved');
    expect(classifyAddress('::')).toBe('reserved');
    expect(classifyAddress('224.0.0.1')).toBe('reserved');
    expect(classifyAddress('93.184.215.14')).toBe('public');
    expect(classifyAddress('2606:4700::1111')).toBe('public');
    expect(classifyAddress('example.com')).toBeNull();
  });

  it('refuses private addresses unless allowed, the metadata ones always', () => {
    expect(addressRefusal('10.0.0.1', false)).toMatch(/private/);
    expect(addressRefusal('10.0.0.1', true)).toBeNull();
    expect(addressRefusal('169.254.169.254', true)).toBe('must not be a cloud metadata address');
    expect(addressRefusal('fd00:ec2::254', true)).toBe('must not be a cloud metadata address');
    expect(addressRefusal('0.0.0.0', true)).toMatch(/reserved/);
    expect(addressRefusal('8.8.8.8', false)).toBeNull();
  });
});

describe('checkDestination', () => {
  const production = { allowPrivate: false, resolve: resolvesTo('93.184.215.14') };
  const development = { allowPrivate: true, resolve: resolvesTo('93.184.215.14') };

  it('takes public https everywhere, and http to loopback only while private destinations are allowed', async () => {
    expect(await checkDestination('https://hooks.example.com/in', production)).toBeNull();
    expect(await checkDestination('https://hooks.example.com/in', development)).toBeNull();
    expect(await checkDestination('http://localhost:4000/hook', development)).toBeNull();
    expect(await checkDestination('http://127.0.0.1:4000/hook', development)).toBeNull();
    expect(await checkDestination('http://[::1]:4000/hook', development)).toBeNull();
    expect(await checkDestination('https://10.0.0.1/hook', development)).toBeNull();
  });

  it('refuses http in production, and http to anything but loopback anywhere', async () => {
    expect(await checkDestination('http://hooks.example.com/in', production)).toBe('must be an https URL');
    expect(await checkDestination('http://localhost:4000/hook', production)).toBe('must be an https URL');
    expect(await checkDestination('http://hooks.example.com/in', development)).toMatch(/https/);
    expect(await checkDestination('http://10.0.0.1/hook', development)).toMatch(/https/);
    expect(await checkDestination('ftp://hooks.example.com/', development)).toBe('must be an https URL');
    expect(await checkDestination('not a url', development)).toMatch(/absolute URL/);
    expect(await checkDestination('https://user:pw@hooks.example.com/', development)).toMatch(/user name/);
  });

  it('refuses in production a host that resolves to loopback, private or link-local addresses', async () => {
    expect(await checkDestination('https://10.0.0.1/hook', production)).toMatch(/private/);
    expect(await checkDestination('https://127.0.0.1/hook', production)).toMatch(/loopback/);
    expect(await checkDestination('https://localhost/hook', production)).toMatch(/loopback/);
    const rebinding = { allowPrivate: false, resolve: resolvesTo('93.184.215.14', '192.168.0.7') };
    expect(await checkDestination('https://internal.example.com/hook', rebinding)).toMatch(/private/);
    const linkLocal = { allowPrivate: false, resolve: resolvesTo('169.254.3.4') };
    expect(await checkDestination('https://odd.example.com/hook', linkLocal)).toMatch(/link-local/);
  });

  it('refuses the cloud metadata addresses whatever the setting, literal or resolved', async () => {
    for (const url of [
      'https://169.254.169.254/latest',
      'http://169.254.169.254/',
      'https://[fd00:ec2::254]/',
    ]) {
      expect(await checkDestination(url, development)).toBe('must not be a cloud metadata address');
      expect(await checkDestination(url, production)).toBe('must not be a cloud metadata address');
    }
    const named = { allowPrivate: false, resolve: resolvesTo('169.254.169.254') };
    expect(await checkDestination('https://metadata.example.com/', named)).toBe(
      'must not be a cloud metadata address',
    );
  });

  it('accepts a host that does not resolve now (its deliveries fail with "DNS lookup failed")', async () => {
    const nowhere = {
      allowPrivate: false,
      resolve: async () => {
        throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
      },
    };
    expect(await checkDestination('https://gone.example.com/', nowhere)).toBeNull();
  });
});

describe('delivery failures in words', () => {
  it('says what went wrong', () => {
    expect(describeError({ code: 'ENOTFOUND', message: 'getaddrinfo ENOTFOUND x' }, 'x.example')).toBe(
      'DNS lookup failed: x.example does not resolve',
    );
    expect(describeError({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED' }, 'h')).toBe(
      'Connection refused',
    );
    expect(describeError({ code: 'CERT_HAS_EXPIRED', message: 'certificate has expired' }, 'h')).toBe(
      'TLS error: certificate has expired',
    );
    expect(
      describeError(
        new Error(
          'DNS lookup 127.0.0.1(family:4, host:h) is not allowed. Because, It is private IP address.',
        ),
        'h',
      ),
    ).toBe('Refused: h resolves to a loopback, private or link-local address');
  });
});

describe('backoff', () => {
  it('starts at 1 s, doubles, and stops growing at 1 h', () => {
    expect([1, 2, 3, 4, 5].map(backoffMs)).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(backoffMs(12)).toBe(2048_000);
    expect(backoffMs(13)).toBe(MAX_BACKOFF_MS);
    expect(backoffMs(500)).toBe(MAX_BACKOFF_MS);
  });
});
