/** A mail's first line: by name when the account has one. */
export function greeting(fullName?: string | null): string {
  return fullName ? `Hello ${fullName},` : 'Hello,';
}
