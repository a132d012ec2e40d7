import { describe, expect, it } from 'vitest';
import { BREACHED_PASSWORD_MESSAGE, breachedPasswords, createBreachedPasswordCheck } from './breached-passwords';

describe('commonly breached passwords', () => {
  it('matches whatever the case, and passes an uncommon password', () => {
    const list = breachedPasswords();
    expect(list.size).toBe(10_000);
    for (const p of ['password', 'Password1', '123456', 'QWERTY123', 'iloveyou', 'trustno1', 'Letmein1'])
      expect(list.has(p)).toBe(true);
    for (const p of ['enamel-lantern-42', 'secret123', 'right-password-1']) expect(list.has(p)).toBe(false);
  });

  it('the check refuses one with a 400 that says why', () => {
    const refuse = createBreachedPasswordCheck();
    expect(() => refuse('Password1')).toThrow(
      expect.objectContaining({ status: 400, message: BREACHED_PASSWORD_MESSAGE }),
    );
    expect(() => refuse('enamel-lantern-42')).not.toThrow();
  });
});
