/**
 * Every user-facing text the spec quotes, word for word (docs/spec.md sections 2, 4, 5 and 8).
 * Server and SPA both import from here so a text can never drift between them.
 */
export const MSG = {
  /** 503 when a dependency (database, storage, mail, queue) failed or did not answer in time. */
  dependencyUnavailable:
    'The service is temporarily unavailable: a system it depends on is not responding. Please try again in a few seconds.',
  // Validation (section 5)
  allRequired: 'All required fields must be filled',
  invalidEmail: 'Enter a valid email address',
  passwordTooShort: 'Password must be at least 6 characters',
  fillEmailAndPassword: 'Please fill in both email and password',
  invalidServerResponse: 'Invalid response from server. Please try again.',
  passwordsDoNotMatch: 'Passwords do not match',
  maxScreenshots: 'Maximum 10 screenshots allowed',
  fillAllWebhookFields: 'Please fill in all required fields',

  // Failures (section 8)
  signupFailed: 'Signup failed',
  loginFailed: 'Login failed. Please try again.',
  adminLoginFailed: 'Admin login failed. Please try again.',
  googleLoginFailed: 'Google login failed. Please try again.',
  forgotFailed: 'Failed to request reset link.',
  forgotSuccess: 'If this email exists, a reset link was sent.',
  sessionExpired: 'Session expired. Please login again.',
  checkoutFailed: 'Failed to start checkout. Please try again.',
  pleaseLogin: 'Please login to continue',
  failedCreateKey: (detail: string) => `Failed to create key: ${detail}`,
  failedRotateKey: 'Failed to rotate key',
  failedDeleteKey: 'Failed to delete key',
  failedCreateWebhook: 'Failed to create webhook',
  failedTestEvent: 'Failed to send test event',
  failedDeleteWebhook: 'Failed to delete webhook',
  failedLoadWebhookLogs: 'Failed to load webhook logs',
  failedDeleteApp: 'Failed to delete app',
  failedLoadAppData: 'Failed to load app data. Please try again.',
  failedQuickApp: (verb: 'create' | 'update') => `Failed to ${verb} app`,
  failedWizardApp: (verb: 'submit' | 'update') => `Failed to ${verb} app. Please try again.`,
  failedUploadScreenshots: 'Failed to upload screenshots',
  failedLoadApps: 'Failed to load apps',
  failedApproveApp: 'Failed to approve app',
  failedSuspendApp: 'Failed to suspend app',
  failedReplayWebhook: 'Failed to replay webhook',
  failedLoadUserDetails: 'Failed to load user details',
  approvalFailed: 'Approval failed',
  failedLoadUsers: 'Failed to load users',
  failedApproveUser: 'Failed to approve user',
  failedSaveLinks: 'Failed to save links',
  syncFailed: (detail: string) => `Sync failed: ${detail}`,
  failedStartPolling: (detail: string) => `Failed to start polling: ${detail}`,
  failedStopPolling: (detail: string) => `Failed to stop polling: ${detail}`,
  internalSyncFailed: (detail: string) => `Internal sync failed: ${detail}`,
  failedTriggerSync: 'Failed to trigger sync',
  failedSaveCategory: 'Failed to save category',
  failedDeleteCategory: 'Failed to delete category',
  failedLoadProfile: 'Failed to load profile',
  failedUpdateProfile: 'Failed to update profile',
  invalidPurchaseSession: 'Invalid purchase session',

  // Successes (section 8)
  productionKeyCreated: 'Production key created! It needs admin approval before it can be used.',
  stagingKeyCreated: 'Staging key created successfully!',
  keyRotated: 'Key rotated successfully',
  keyDeleted: 'Key deleted successfully',
  licenseCopied: 'License key copied to clipboard!',
  appUpdated: 'App updated successfully!',
  appCreated: 'App created successfully!',
  appSubmitted: "App submitted successfully! We'll review it and get back to you soon.",
  userApproved: (email: string) => `${email} approved successfully!`,
  appApproved: 'App approved and published to marketplace!',
  appSuspended: 'App suspended',
  appDeleted: 'App deleted',
  webhookReplayed: 'Webhook replayed successfully!',
  userApprovedForProduction: 'User approved for production',
  linked: (n: number, m: number) => `Successfully linked ${n} events and ${m} tables`,
  syncInitiated: 'Sync initiated successfully',
  profileUpdated: 'Profile updated successfully!',

  // Confirmations (section 5)
  confirmRotateKey: 'Are you sure you want to rotate this key?',
  confirmDeleteKey: 'Are you sure you want to delete this key?',
  confirmDeleteApp: 'Are you sure you want to delete this app?',
  confirmDeleteWebhook: 'Are you sure you want to delete this webhook?',
  confirmApproveUser: (email: string) => `Approve ${email} for production access?`,
  confirmApproveApp: 'Approve this app for the marketplace?',
  confirmSuspendApp: 'Suspend this app? It will be removed from the marketplace.',
  confirmPermanentDeleteApp: 'Permanently delete this app? This cannot be undone.',
  confirmReplay: 'Replay this webhook?',
  confirmDeleteCategory: 'Are you sure you want to delete this category?',

  // Screens (sections 2 and 4)
  noAppsMatching: 'No apps found matching your criteria',
  noCategories: 'No categories available yet',
  categoryNotFound: 'Category not found',
  appNotFound: 'App not found',
  noAppsFound: 'No apps found.',
  noWebhookLogs: 'No webhook logs found.',
  userNotFound: 'User not found.',
  noLicenses: 'No licenses purchased yet',
  processingPurchase: 'Processing your purchase...',
  loggedInReady: "You're logged in and ready to checkout!",
  guestNote: "We'll create an account for you and send your license details to this email.",
  accessPending: 'Access Pending',
  accessPendingText: "You'll receive access details via email within 24 hours.",
  licenseUnavailable: 'License Unavailable',
  licenseUnavailableText: "We're working on this. You'll receive your license via email soon.",
  pendingApproval: 'Pending Approval',
  independentDeveloper: 'Independent Developer',
  marketplaceComingSoon: 'Marketplace coming soon!',

  // Security texts (issue #11; not in the spec)
  tooManyRequests: (seconds: number) => {
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    return `Too many requests from your network. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
  },
  uploadQuotaReached: (limit: number, seconds: number) => {
    const hours = Math.max(1, Math.ceil(seconds / 3600));
    return `You can upload at most ${limit} images a day. Please try again in ${hours} ${hours === 1 ? 'hour' : 'hours'}.`;
  },
  sessionEnded: 'Your session has ended. Please sign in again.',
  emailVerified: 'Your email address is verified. Thank you!',
  verifyLinkInvalid: 'This verification link is invalid or has expired.',
  verificationSent: 'A new verification link was sent to your email address.',
  alreadyVerified: 'Your email address is already verified.',
  verifyEmailBanner: 'Please verify your email address: we sent you a link when you signed up.',
  resendVerification: 'Resend verification email',
  verifyingEmail: 'Verifying your email address...',
  verifyEmailForProduction: 'Verify your email address before creating a production key.',
  apiKeyLimit: 'You can have at most 10 API keys. Delete a key you no longer use to create another.',
  googleAdminRefused: 'Google sign-in is not available for admin accounts. Please use the admin login.',
  googleNeedsVerifiedEmail:
    'An account with this email already exists. Sign in with your password and verify your email address before using Google sign-in.',
} as const;
