import { describe, expect, it } from 'vitest';
import { chosenHost, exposureWarning } from './local-host';

describe('where npm start listens', () => {
  it('binds to loopback unless HOST says otherwise', () => {
    expect(chosenHost({})).toBe('127.0.0.1');
    expect(chosenHost({ HOST: '  ' })).toBe('127.0.0.1');
    expect(chosenHost({ HOST: ' 0.0.0.0 ' })).toBe('0.0.0.0');
  });

  it('warns before exposing the engines on a non-loopback address, and only then', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1']) expect(exposureWarning(host)).toBeUndefined();
    for (const host of ['0.0.0.0', '192.168.1.20', '::']) {
      const warning = exposureWarning(host);
      expect(warning).toContain(`WARNING: HOST=${host}`);
      expect(warning).toContain('DynamoDB Local (no authentication');
      expect(warning).toContain('Webhooks to internal addresses are switched off');
    }
  });
});
