/**
 * Sync list failures give empty lists (docs/spec.md section 7): the failure is logged for the
 * developer console and the screen shows its empty state.
 */
export async function listOrEmpty<T>(what: string, load: () => Promise<T[] | undefined>): Promise<T[]> {
  try {
    const items = await load();
    return Array.isArray(items) ? items : [];
  } catch (err) {
    console.error(`Failed to load ${what}`, err);
    return [];
  }
}
