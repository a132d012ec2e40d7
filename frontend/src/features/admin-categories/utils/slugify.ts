/**
 * The slug derived from a category name (docs/spec.md section 5): lowercase, whitespace to hyphens,
 * everything except a-z, 0-9 and hyphen removed. Outer spaces are trimmed first (as the server's
 * slugifyCategoryName does), so 'Imaging ' does not become 'imaging-' while typing.
 */
export const slugify = (name: string): string =>
  name
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '');
