import { describe, expect, it } from 'vitest';
import { allowedHostCheck, decideOrigin, isAllowedHost, isAllowedOrigin, isLoopbackHostname, isSimpleContentType } from '../http/origins.js';

const none = { corsOrigins: [], allowedHosts: [] };

describe('which browsers’ requests the server accepts (plain functions, no Express)', () => {
  it('knows loopback names', () => {
    for (const name of ['localhost', 'LOCALHOST', 'localhost.', '127.0.0.1', '127.8.9.10', '[::1]', '[::ffff:7f00:1]'])
      expect(isLoopbackHostname(name), name).toBe(true);
    for (const name of ['localhost.evil.test', 'evil.localhost.test', '128.0.0.1', '10.0.0.1', '[::2]', 'example.com', '127.0.0.1.nip.io'])
      expect(isLoopbackHostname(name), name).toBe(false);
  });

  it('answers to loopback names, IP addresses and ALLOWED_HOSTS only', () => {
    for (const host of ['localhost:6789', '127.0.0.1:6789', '[::1]:6789', '10.1.2.3:6789', '[2001:db8::1]:80', '127.1', undefined])
      expect(isAllowedHost(host, none), String(host)).toBe(true);
    for (const host of ['rebind.test:6789', 'evil.com', 'localhost.evil.com', '127.0.0.1.nip.io', 'a b', 'x/y', 'user@localhost'])
      expect(isAllowedHost(host, none), host).toBe(false);
    const listed = { allowedHosts: ['dev.example.com', '.corp.test'] };
    expect(isAllowedHost('DEV.example.com:8080', listed)).toBe(true);
    expect(isAllowedHost('corp.test', listed)).toBe(true);
    expect(isAllowedHost('a.b.corp.test:1', listed)).toBe(true);
    expect(isAllowedHost('notcorp.test', listed)).toBe(false);
    expect(isAllowedHost('anything.at.all', { allowedHosts: ['*'] })).toBe(true);
  });

  it('remembers Host answers per server without changing them, however many Hosts it sees', () => {
    const listed = { allowedHosts: ['dev.example.com', '.corp.test'] };
    const check = allowedHostCheck(listed);
    const hosts = ['localhost:6789', 'rebind.test:6789', 'DEV.example.com:8080', 'a.b.corp.test:1', 'notcorp.test', 'user@localhost', undefined];
    for (let round = 0; round < 3; round++) {
      for (const host of hosts) expect(check(host), String(host)).toBe(isAllowedHost(host, listed));
      for (let i = 0; i < 300; i++) expect(check(`h${round}-${i}.test`)).toBe(false); // past its 256 entries: starts over
    }
  });

  it('allows loopback origins, CORS_ORIGINS and the server’s own origin; `null` never', () => {
    const settings = { corsOrigins: ['https://app.example.com', 'http://x.test:8080'] };
    for (const origin of [
      'http://localhost:5173',
      'https://localhost',
      'http://127.0.0.1:3000',
      'http://[::1]:8080',
      'https://app.example.com',
      'HTTPS://APP.example.com:443',
      'http://x.test:8080',
    ]) {
      expect(isAllowedOrigin(origin, '127.0.0.1:6789', settings), origin).toBe(true);
    }
    for (const origin of [
      'null',
      'http://evil.test',
      'http://app.example.com',
      'https://app.example.com:8443',
      'http://x.test',
      'file://',
      'chrome-extension://abc',
      'garbage',
    ]) {
      expect(isAllowedOrigin(origin, '127.0.0.1:6789', settings), origin).toBe(false);
    }
    expect(isAllowedOrigin('http://dev.example.com:6789', 'dev.example.com:6789', none)).toBe(true); // same origin
    expect(isAllowedOrigin('https://dev.example.com', 'dev.example.com', none)).toBe(true); // behind a TLS proxy
    expect(isAllowedOrigin('http://dev.example.com:1234', 'dev.example.com:6789', none)).toBe(false);
    expect(isAllowedOrigin('http://evil.test', 'x', { corsOrigins: ['*'] })).toBe(true);
  });

  it('treats the CORS-safelisted content types, and none, as simple', () => {
    for (const type of [undefined, '', 'text/plain', 'text/plain;charset=UTF-8', 'Application/X-WWW-Form-Urlencoded', 'multipart/form-data; boundary=x'])
      expect(isSimpleContentType(type), String(type)).toBe(true);
    for (const type of ['application/json', 'application/json; charset=utf-8', 'text/json']) expect(isSimpleContentType(type), type).toBe(false);
  });

  it('decides: refuse a bad Host, refuse a simple write from a foreign origin, echo an allowed origin', () => {
    const local = { host: '127.0.0.1:6789' };
    expect(decideOrigin({ ...local, method: 'GET', origin: undefined, contentType: undefined }, none)).toEqual({});
    expect(decideOrigin({ ...local, method: 'POST', origin: undefined, contentType: 'text/plain' }, none)).toEqual({}); // curl
    expect(decideOrigin({ ...local, method: 'POST', origin: 'http://localhost:3000', contentType: 'text/plain' }, none)).toEqual({
      corsOrigin: 'http://localhost:3000',
    });
    expect(decideOrigin({ ...local, method: 'GET', origin: 'http://evil.test', contentType: undefined }, none)).toEqual({}); // answered, unreadable
    expect(decideOrigin({ ...local, method: 'POST', origin: 'http://evil.test', contentType: 'application/json' }, none)).toEqual({}); // a browser preflights it first
    for (const [method, origin, contentType] of [
      ['POST', 'http://evil.test', 'text/plain'],
      ['PUT', 'null', undefined],
      ['DELETE', 'http://evil.test', undefined],
      ['POST', 'http://evil.test', 'multipart/form-data; boundary=z'],
    ] as const) {
      expect(decideOrigin({ ...local, method, origin, contentType }, none).refusal, `${method} ${origin} ${contentType}`).toMatch(
        /^Cross-origin write refused/,
      );
    }
    expect(decideOrigin({ host: 'rebind.test:6789', method: 'GET', origin: undefined, contentType: undefined }, none).refusal).toMatch(/ALLOWED_HOSTS/);
  });
});
