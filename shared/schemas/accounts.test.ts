import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import {
  ACCOUNT_TYPE_INVALID,
  ADMIN_PROFILE_REQUIRED,
  AdminProfileUpdateRequest,
  ForgotPasswordRequest,
  LoginRequest,
  RESET_LINK_INVALID,
  ResetPasswordRequest,
  SignupRequest,
  WEBSITE_INVALID,
} from './accounts';

const firstMessage = (
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } },
  v: unknown,
) => schema.safeParse(v).error?.issues[0]?.message;

const signup = { full_name: 'Ann', email: 'ann@example.com', password: 'secret1', company_name: 'Ann Dental' };

describe('account schemas', () => {
  it('signup: missing fields first, then e-mail, then password, then website', () => {
    expect(firstMessage(SignupRequest, {})).toBe(MSG.allRequired);
    expect(firstMessage(SignupRequest, { ...signup, company_name: '   ' })).toBe(MSG.allRequired);
    expect(firstMessage(SignupRequest, { ...signup, email: 'nope', password: '' })).toBe(MSG.allRequired);
    expect(firstMessage(SignupRequest, { ...signup, email: 'nope', password: '1' })).toBe(MSG.invalidEmail);
    expect(firstMessage(SignupRequest, { ...signup, password: '12345' })).toBe(MSG.passwordTooShort);
    expect(firstMessage(SignupRequest, { ...signup, website: 'example.com' })).toBe(WEBSITE_INVALID);
    expect(firstMessage(SignupRequest, { ...signup, website: 'javascript:alert(1)' })).toBe(WEBSITE_INVALID);
  });

  it('signup: normalises the address, trims names, blank website means none', () => {
    const out = SignupRequest.parse({ ...signup, email: '  Ann@Example.COM ', full_name: ' Ann ', website: ' ' });
    expect(out).toMatchObject({ email: 'ann@example.com', full_name: 'Ann', website: null });
    expect(SignupRequest.parse({ ...signup, website: 'https://ann.example.com' }).website).toBe(
      'https://ann.example.com',
    );
  });

  it('signup: account_type is developer or practice; absent means developer; anything else is refused', () => {
    expect(SignupRequest.parse(signup).account_type).toBe('developer');
    expect(SignupRequest.parse({ ...signup, account_type: 'developer' }).account_type).toBe('developer');
    expect(SignupRequest.parse({ ...signup, account_type: 'practice' }).account_type).toBe('practice');
    for (const account_type of ['admin', 'Practice', '', null, 1, ['practice']]) {
      expect(firstMessage(SignupRequest, { ...signup, account_type }), JSON.stringify(account_type)).toBe(
        ACCOUNT_TYPE_INVALID,
      );
    }
  });

  it('login: both fields required, address normalised', () => {
    expect(firstMessage(LoginRequest, {})).toBe(MSG.fillEmailAndPassword);
    expect(firstMessage(LoginRequest, { email: 'a@b.co' })).toBe(MSG.fillEmailAndPassword);
    expect(firstMessage(LoginRequest, { email: ' ', password: 'x' })).toBe(MSG.fillEmailAndPassword);
    expect(LoginRequest.parse({ email: ' A@B.co ', password: ' pw ' })).toEqual({ email: 'a@b.co', password: ' pw ' });
  });

  it('forgot and reset password', () => {
    expect(firstMessage(ForgotPasswordRequest, {})).toBe(MSG.invalidEmail);
    expect(firstMessage(ForgotPasswordRequest, { email: 'x' })).toBe(MSG.invalidEmail);
    expect(firstMessage(ResetPasswordRequest, { password: 'secret1' })).toBe(RESET_LINK_INVALID);
    expect(firstMessage(ResetPasswordRequest, { token: 't', password: '123' })).toBe(MSG.passwordTooShort);
  });

  it('admin profile: name and address required, blank password kept, short password refused', () => {
    expect(firstMessage(AdminProfileUpdateRequest, { full_name: 'A' })).toBe(ADMIN_PROFILE_REQUIRED);
    expect(firstMessage(AdminProfileUpdateRequest, { full_name: 'A', email: 'bad' })).toBe(MSG.invalidEmail);
    expect(firstMessage(AdminProfileUpdateRequest, { full_name: 'A', email: 'a@b.co', password: '123' })).toBe(
      MSG.passwordTooShort,
    );
    for (const password of ['', null, undefined]) {
      expect(AdminProfileUpdateRequest.parse({ full_name: 'A', email: 'A@B.co', password }).password).toBeUndefined();
    }
    expect(AdminProfileUpdateRequest.parse({ full_name: 'A', email: 'a@b.co', password: 'secret1' }).password).toBe(
      'secret1',
    );
  });
});
