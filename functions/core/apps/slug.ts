/**
 * App slugs: derived from the name once, at creation, and never changed afterwards (links and
 * bookmarks keep working when an app is renamed). Uniqueness is the repository's job (a
 * conditional slug claim); this module only proposes candidates: base, base-2, base-3...
 */
export const SLUG_MAX = 60;

const UUID_LIKE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Lower-case ASCII letters, digits and single hyphens; accents folded; never empty. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
  // The detail page takes a slug or an id: a slug must never look like an app id.
  if (!slug) return 'app';
  return UUID_LIKE.test(slug) ? `app-${slug}`.slice(0, SLUG_MAX) : slug;
}

/** The n-th candidate for a base slug: 1 -> base, 2 -> base-2, ... */
export const slugCandidate = (base: string, n: number): string => (n <= 1 ? base : `${base}-${n}`);
