/** Texts of the screens the spec quotes word for word (docs/spec.md sections 2 and 4). */

export const noAppsMatching = 'No apps found matching your criteria';
export const noCategories = 'No categories available yet';
export const categoryNotFound = 'Category not found';
export const appNotFound = 'App not found';
export const noAppsFound = 'No apps found.';
export const noWebhookLogs = 'No webhook logs found.';
export const userNotFound = 'User not found.';
export const noLicenses = 'No licenses purchased yet';
export const processingPurchase = 'Processing your purchase...';
export const loggedInReady = "You're logged in and ready to checkout!";
export const guestNote = "We'll create an account for you and send your license details to this email.";
export const accessPending = 'Access Pending';
export const accessPendingText = "You'll receive access details via email within 24 hours.";
/** An automatically delivered licence (key pool, universal code, webhook) before delivery has run. */
export const licenseBeingPrepared = 'License being prepared';
export const licenseBeingPreparedText = "Your license is on its way. You'll receive it via email shortly.";
export const licenseUnavailable = 'License Unavailable';
export const licenseUnavailableText = "We're working on this. You'll receive your license via email soon.";
export const pendingApproval = 'Pending Approval';
export const independentDeveloper = 'Independent Developer';
export const marketplaceComingSoon = 'Marketplace coming soon!';
