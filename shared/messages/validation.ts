/** Validation texts the spec quotes word for word (docs/spec.md section 5). */

export const allRequired = 'All required fields must be filled';
export const invalidEmail = 'Enter a valid email address';
export const passwordTooShort = 'Password must be at least 6 characters';
export const fillEmailAndPassword = 'Please fill in both email and password';
export const invalidServerResponse = 'Invalid response from server. Please try again.';
export const passwordsDoNotMatch = 'Passwords do not match';
export const maxScreenshots = 'Maximum 10 screenshots allowed';
export const fillAllWebhookFields = 'Please fill in all required fields';
