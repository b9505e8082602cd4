import {
  exportDestination,
  IMAGE_URL,
  importSource,
  redactUrl,
  urlCredentials,
} from './image-url.js';

describe('image url', () => {
  it('follows the reference pattern', () => {
    expect(IMAGE_URL.test('http://h/x')).toBe(true);
    expect(IMAGE_URL.test('file:///a/b')).toBe(true);
    expect(IMAGE_URL.test('file:///a')).toBe(false);
    expect(IMAGE_URL.test('ftp://h/x')).toBe(false);
  });

  it('classifies import sources', () => {
    expect(importSource('file:///var/x.img')).toEqual({ kind: 'file', path: '/var/x.img' });
    expect(importSource('https://h:8/x.img', 'u@h.example')).toMatchObject({ kind: 'http' });
    expect(importSource('file:///data/x.img', 'u@h.example')).toEqual({
      kind: 'remote',
      host: 'u@h.example',
      path: '/data/x.img',
    });
  });

  it('refuses remote paths a shell would interpret, and http destinations', () => {
    expect(typeof importSource('file:///x;rm -rf /', 'u@h.example')).toBe('string');
    expect(typeof importSource('file:///x/$(id)', 'u@h.example')).toBe('string');
    expect(typeof importSource('file:///a/../b', 'u@h.example')).toBe('string');
    expect(typeof exportDestination('http://h/x')).toBe('string');
    expect(exportDestination('file:///export/x')).toEqual({ kind: 'file', path: '/export/x' });
  });

  it('redacts credentials as *** and keeps them apart', () => {
    expect(redactUrl('http://nova:s3cret@h.example:8/x?y=1')).toBe('http://***@h.example:8/x?y=1');
    expect(redactUrl('https://only-user@h.example/x')).toBe('https://***@h.example/x');
    expect(redactUrl('http://h.example/x')).toBe('http://h.example/x');
    expect(redactUrl('ftp://u:p@[bad/x')).toBe('ftp://***@[bad/x');
    expect(urlCredentials(new URL('http://n%40a:p%3Aw@h.example/'))).toBe('n%40a:p%3Aw');
    expect(urlCredentials(new URL('http://h.example/'))).toBeNull();
  });
});
