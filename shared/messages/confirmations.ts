/** Confirmation questions the spec quotes word for word (docs/spec.md section 5). */

export const confirmRotateKey = 'Are you sure you want to rotate this key?';
export const confirmDeleteKey = 'Are you sure you want to delete this key?';
export const confirmDeleteApp = 'Are you sure you want to delete this app?';
export const confirmDeleteWebhook = 'Are you sure you want to delete this webhook?';
export const confirmApproveUser = (email: string) => `Approve ${email} for production access?`;
export const confirmApproveApp = 'Approve this app for the marketplace?';
export const confirmSuspendApp = 'Suspend this app? It will be removed from the marketplace.';
export const confirmPermanentDeleteApp = 'Permanently delete this app? This cannot be undone.';
export const confirmReplay = 'Replay this webhook?';
export const confirmDeleteCategory = 'Are you sure you want to delete this category?';
