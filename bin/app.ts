/**
 * The CDK app (`npx cdk synth`, `npx cdk deploy --all`): the data stack (table, buckets) and the
 * app stack (site, API, functions, queues), checked by cdk-nag (AWS Solutions and HIPAA Security)
 * on every synth; a finding that is neither fixed nor acknowledged with a reason fails the synth.
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, HIPAASecurityChecks } from 'cdk-nag';
import { DeployEnvironmentError, deployEnvironment } from '../lib/deploy-env';
import { createMarketplace } from '../lib/marketplace-app';

const app = new App();
let env: ReturnType<typeof deployEnvironment>;
try {
  // The account comes from the credentials the CDK CLI found, or from `-c account=...`; never a
  // placeholder (it would be baked into bucket names and policies).
  env = deployEnvironment({ account: app.node.tryGetContext('account'), region: app.node.tryGetContext('region') });
} catch (err) {
  if (!(err instanceof DeployEnvironmentError)) throw err;
  console.error(`\n${err.message}\n`);
  process.exit(1);
}
createMarketplace(app, env);
Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new HIPAASecurityChecks(app));
app.synth();
