import { afterEach, describe, expect, it } from 'vitest';
import { applySecretValues, resetConfigForTests } from '../config';
import { lazyService } from './lazy';

describe('lazyService', () => {
  afterEach(() => {
    applySecretValues({});
    resetConfigForTests();
  });

  it('builds on first use, not at import, and reuses the service until the configuration changes', () => {
    let builds = 0;
    const service = /* @__PURE__ */ lazyService(() => {
      builds += 1;
      const n = builds;
      return { which: () => n };
    });
    expect(builds).toBe(0);
    expect(service.which()).toBe(1);
    expect(service.which()).toBe(1);
    expect(builds).toBe(1);
    applySecretValues({ STRIPE_SECRET_KEY: 'sk_test_rotated' });
    expect(service.which()).toBe(2);
    expect(builds).toBe(2);
  });

  it('with once, keeps the first build across configuration changes', () => {
    let builds = 0;
    const queue = /* @__PURE__ */ lazyService(
      () => {
        builds += 1;
        return { size: () => builds };
      },
      { once: true },
    );
    expect(queue.size()).toBe(1);
    applySecretValues({ STRIPE_SECRET_KEY: 'sk_test_other' });
    expect(queue.size()).toBe(1);
  });
});
