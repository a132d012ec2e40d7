/**
 * The CDK app (`npx cdk synth`, `npx cdk deploy --all`): the data stack (table, buckets) and the
 * app stack (site, API, functions, queues), checked by cdk-nag (AWS Solutions and HIPAA Security)
 * on every synth; a finding that is neither fixed nor acknowledged with a reason fails the synth.
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, HIPAASecurityChecks } from 'cdk-nag';
import { createMarketplace } from '../lib/marketplace-app';

const app = new App();
createMarketplace(app, {
  // Without credentials (offline synth) a placeholder account keeps synth working; deploying
  // needs real credentials, which set these.
  account: process.env.CDK_DEFAULT_ACCOUNT ?? '000000000000',
  region: process.env.CDK_DEFAULT_REGION ?? 'us-east-1',
});
Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new HIPAASecurityChecks(app));
app.synth();
