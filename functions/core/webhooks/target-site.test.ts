import { describe, expect, it } from 'vitest';
import { targetSite } from './target-site';

describe('targetSite', () => {
  it('reads every spelling of one host as one site', () => {
    for (const url of [
      'https://victim.example/a',
      'https://VICTIM.example./b',
      'https://victim.example../c',
      'http://a.victim.example:8080/d',
      'https://b.b.victim.example/e',
    ]) {
      expect(targetSite(url), url).toBe('victim.example');
    }
  });

  it('keeps the registrable domain under multi-label public suffixes', () => {
    expect(targetSite('https://hooks.clinic.co.uk/x')).toBe('clinic.co.uk');
    expect(targetSite('https://other.co.uk/x')).toBe('other.co.uk');
    expect(targetSite('https://api.dental.com.au/x')).toBe('dental.com.au');
  });

  it('keeps IP addresses as they are', () => {
    expect(targetSite('http://127.0.0.1:9009/x')).toBe('127.0.0.1');
    expect(targetSite('http://[::1]:9009/x')).toBe('::1');
    expect(targetSite('https://localhost/x')).toBe('localhost');
  });
});
