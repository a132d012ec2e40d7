import type { App, Environment } from 'aws-cdk-lib';
import { readAppConfig } from './app-config';
import { AppStack } from './app-stack';
import { DataStack } from './data-stack';
import { EdgeStack } from './waf';

/** Creates the two stacks of the product in an app; bin/app.ts and the infrastructure tests share it. */
export function createMarketplace(
  app: App,
  env?: Environment,
): { dataStack: DataStack; appStack: AppStack; edgeStack?: EdgeStack } {
  const config = readAppConfig(app);
  const tags = { application: 'dental-app-marketplace' };
  const data = new DataStack(app, `${config.appName}-Data`, {
    env,
    config,
    tags,
    description: 'Dental app marketplace: table, uploads bucket, access logs (retained)',
  });
  // CloudFront takes web ACLs from us-east-1 only: another region gets a small edge stack there.
  const region = env?.region;
  const edge =
    !config.webAclArn && region && region !== 'us-east-1'
      ? new EdgeStack(app, `${config.appName}-Edge`, {
          env: { account: env?.account, region: 'us-east-1' },
          crossRegionReferences: true,
          logRetentionDays: config.logRetentionDays,
          tags,
          description: 'Dental app marketplace: the CloudFront web ACL (WAF, us-east-1)',
        })
      : undefined;
  const appStack = new AppStack(app, `${config.appName}-App`, {
    env,
    config,
    data,
    edgeWebAclArn: edge?.waf.webAcl.attrArn,
    crossRegionReferences: edge ? true : undefined,
    tags,
    description: 'Dental app marketplace: site, API and functions, queues, mail, secrets',
  });
  return { dataStack: data, appStack, edgeStack: edge };
}
