/**
 * Runs the table migrations not yet done (functions/adapters/dynamodb/migrations.ts) against a
 * deployed stack's table, with the operator's own AWS credentials (docs/deploy.md, "Migrations"):
 *
 *   TABLE_NAME=<DentalMarketplace-Data TableName output> AWS_REGION=us-east-1 npm run migrate:table
 *
 * Each migration writes a done-marker, so running it again is harmless. `npm start` runs the same
 * migrations locally after the seed.
 */
import { randomBytes } from 'node:crypto';
import { runScript } from './support/run-script';

runScript(async () => {
  if (!process.env.TABLE_NAME) {
    console.error('Set TABLE_NAME (see docs/deploy.md, "Migrations").');
    return 2;
  }
  for (const local of ['DYNAMODB_ENDPOINT', 'RUNTIME']) delete process.env[local];
  process.env.JWT_SECRET ??= randomBytes(32).toString('hex');
  const { migrateTable } = await import('../functions/adapters/dynamodb/migrations');
  for (const m of await migrateTable()) {
    console.log(m.ran ? `Migrated ${m.name}: ${m.items} items.` : `${m.name}: already done.`);
  }
  return 0;
});
