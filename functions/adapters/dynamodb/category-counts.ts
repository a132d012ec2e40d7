import { getItem, onIndex, putItem, queryAll, updateItem } from './dynamo';
import { categoryCountKey, MARKET_PK, migrationMarker } from './keys';

/**
 * Data migration `category-counts`: the category counters (CATEGORYCOUNTS / <slug>, apps-repo.ts)
 * for a table written before they existed. Counts the marketplace-eligible apps per category from
 * the MARKET index and writes each counter, then a done-marker, so it runs once. `npm start` runs it
 * before serving (bin/local.ts); in the cloud run it once after deploying, before traffic moves
 * (docs/deploy.md). Reads the MARKET partition to its end: a migration, never a request path
 * (functions/bounded-reads.test.ts lists it).
 */
export const CATEGORY_COUNTS_MIGRATION = 'category-counts';

export async function backfillCategoryCounts(): Promise<{ ran: boolean; categories: number }> {
  const marker = migrationMarker(CATEGORY_COUNTS_MIGRATION);
  if (await getItem(marker)) return { ran: false, categories: 0 };
  const items = await queryAll<{ category_slug?: string }>(
    onIndex('GSI2', MARKET_PK, { ProjectionExpression: 'category_slug' }),
  );
  const counts = new Map<string, number>();
  for (const { category_slug: slug } of items) if (slug) counts.set(slug, (counts.get(slug) ?? 0) + 1);
  // Categories are few (CATEGORY_LIMITS.countMax): one UpdateItem each (the `all` counter is another migration's).
  await Promise.all(
    [...counts].map(([slug, listed]) =>
      updateItem(categoryCountKey(slug), {
        UpdateExpression: 'SET listed = :n, entity = :entity',
        ExpressionAttributeValues: { ':n': listed, ':entity': 'CategoryCount' },
      }),
    ),
  );
  await putItem({ ...marker, entity: 'Migration', done_at: new Date().toISOString() });
  return { ran: true, categories: counts.size };
}
