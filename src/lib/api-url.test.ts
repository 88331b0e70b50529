import { describe, expect, it } from 'vitest';

import { buildApiUrl, isLocalHost, resolveApiBase } from './api-url';

const productionUrl = 'https://api.example.com';

describe('resolveApiBase', () => {
  it.each([
    ['localhost', 'http://localhost:5050'],
    ['127.0.0.1', 'http://127.0.0.1:5050'],
    ['192.168.1.20', 'http://192.168.1.20:5050'],
    ['10.0.0.5', 'http://10.0.0.5:5050'],
  ])('uses the local API on port 5050 for %s', (hostname, expected) => {
    expect(resolveApiBase({ hostname, localApiPort: 5050, productionUrl })).toBe(expected);
  });

  it('uses the configured local port (the e2e stack builds with 5150)', () => {
    expect(resolveApiBase({ hostname: 'localhost', localApiPort: 5150, productionUrl })).toBe(
      'http://localhost:5150',
    );
  });

  it('brackets an IPv6 host', () => {
    expect(resolveApiBase({ hostname: '::1', localApiPort: 5050, productionUrl })).toBe(
      'http://[::1]:5050',
    );
  });

  it('uses the production address on any other host, without a trailing slash', () => {
    expect(
      resolveApiBase({ hostname: 'app.bidwright.app', localApiPort: 5050, productionUrl }),
    ).toBe(productionUrl);
    expect(
      resolveApiBase({
        hostname: 'app.bidwright.app',
        localApiPort: 5050,
        productionUrl: `${productionUrl}/`,
      }),
    ).toBe(productionUrl);
  });

  it('knows which hosts are local', () => {
    expect(isLocalHost('localhost')).toBe(true);
    expect(isLocalHost('example.com')).toBe(false);
    expect(isLocalHost('1.2.3.example.com')).toBe(false);
  });
});

describe('buildApiUrl', () => {
  const base = 'http://localhost:5050';

  it('leaves an absolute URL unchanged', () => {
    expect(buildApiUrl(base, 'https://other.example.com/x')).toBe('https://other.example.com/x');
    expect(buildApiUrl(base, 'http://other.example.com/x')).toBe('http://other.example.com/x');
  });

  it('prepends the base to a path starting with /api', () => {
    expect(buildApiUrl(base, '/api/users?email=a%40b.c')).toBe(
      'http://localhost:5050/api/users?email=a%40b.c',
    );
  });

  it('puts a slash between the base and any other path', () => {
    expect(buildApiUrl(base, 'health')).toBe('http://localhost:5050/health');
    expect(buildApiUrl(base, '/health')).toBe('http://localhost:5050/health');
    expect(buildApiUrl(`${base}/`, 'health')).toBe('http://localhost:5050/health');
  });
});
