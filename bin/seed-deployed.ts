/**
 * First admin and the catalogue's categories and event types in a deployed stack's table
 * (docs/deploy.md, "First admin"), with the operator's own AWS credentials:
 *
 *   TABLE_NAME=<DentalMarketplace-Data TableName output> AWS_REGION=us-east-1 \
 *   ADMIN_EMAIL=you@your-domain.example ADMIN_PASSWORD='...' npm run seed:deployed
 *
 * The same idempotent seed `npm start` runs locally, without the demo data: an existing account is
 * never changed, so running it again is harmless. The password is hashed as in the cloud (scrypt
 * N=2^17); nothing is signed, so a throwaway JWT_SECRET satisfies the configuration check.
 */
import { randomBytes } from 'node:crypto';
import { seed } from './seed';

const missing = ['TABLE_NAME', 'ADMIN_EMAIL', 'ADMIN_PASSWORD'].filter((k) => !process.env[k]);
const { ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD: adminPassword } = process.env;
if (missing.length || !adminEmail || !adminPassword) {
  console.error(`Set ${missing.join(', ')} (see docs/deploy.md, "First admin").`);
  process.exit(2);
}
if (adminPassword.length < 12) {
  console.error('ADMIN_PASSWORD: use at least 12 characters for the admin account.');
  process.exit(2);
}
for (const local of ['DYNAMODB_ENDPOINT', 'RUNTIME', 'SCRYPT_LOG2_N']) delete process.env[local];
process.env.JWT_SECRET ??= randomBytes(32).toString('hex');

await seed({ adminEmail, adminPassword, demo: false });
console.log(`Seeded ${process.env.TABLE_NAME}: admin ${process.env.ADMIN_EMAIL}, categories and event types.`);
