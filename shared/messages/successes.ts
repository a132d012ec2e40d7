/** Success texts the spec quotes word for word (docs/spec.md section 8). */

export const productionKeyCreated = 'Production key created! It needs admin approval before it can be used.';
export const stagingKeyCreated = 'Staging key created successfully!';
export const keyRotated = 'Key rotated successfully';
export const keyDeleted = 'Key deleted successfully';
export const licenseCopied = 'License key copied to clipboard!';
export const appUpdated = 'App updated successfully!';
export const appCreated = 'App created successfully!';
export const appSubmitted = "App submitted successfully! We'll review it and get back to you soon.";
export const userApproved = (email: string) => `${email} approved successfully!`;
export const appApproved = 'App approved and published to marketplace!';
export const appSuspended = 'App suspended';
export const appDeleted = 'App deleted';
export const webhookReplayed = 'Webhook replayed successfully!';
export const userApprovedForProduction = 'User approved for production';
export const linked = (n: number, m: number) => `Successfully linked ${n} events and ${m} tables`;
export const syncInitiated = 'Sync initiated successfully';
export const profileUpdated = 'Profile updated successfully!';
