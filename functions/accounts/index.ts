import { createGroupHandler } from '../http/group-handler';
import { acceptInvitation } from './accept-invitation';
import { adminLogin } from './admin-login';
import { attachClaim, claimAccount, previewClaim } from './claim-account';
import { forgotPassword } from './forgot-password';
import { getAdminProfile } from './get-admin-profile';
import { getPublicConfig } from './get-config';
import { getUserProfile } from './get-user-profile';
import { googleLogin } from './google-login';
import { login } from './login';
import { register } from './register';
import { resendVerification } from './resend-verification';
import { resetPassword } from './reset-password';
import { mailSignInLink, signInWithLink } from './sign-in-link';
import { updateAdminProfile } from './update-admin-profile';
import { verifyEmail } from './verify-email';

/** Lambda of the "accounts" route group: every route of routes.ts with group "accounts". */
export const handler = createGroupHandler('accounts', {
  'GET /api/config': getPublicConfig,
  'POST /api/register': register,
  'POST /api/login': login,
  'POST /api/admin-login': adminLogin,
  'POST /api/google-login': googleLogin,
  'POST /api/forgot-password': forgotPassword,
  'POST /api/login/email-link': mailSignInLink,
  'POST /api/login/link': signInWithLink,
  'POST /api/reset-password': resetPassword,
  'POST /api/verify-email': verifyEmail,
  'POST /api/claim-account/preview': previewClaim,
  'POST /api/claim-account': claimAccount,
  'POST /api/claim-account/attach': attachClaim,
  'POST /api/accept-invitation': acceptInvitation,
  'POST /api/resend-verification': resendVerification,
  'GET /api/user/profile': getUserProfile,
  'GET /api/admin/profile': getAdminProfile,
  'PUT /api/admin/profile': updateAdminProfile,
});
