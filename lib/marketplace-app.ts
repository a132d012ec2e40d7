import type { App, Environment } from 'aws-cdk-lib';
import { readAppConfig } from './app-config';
import { AppStack } from './app-stack';
import { DataStack } from './data-stack';

/** Creates the two stacks of the product in an app; bin/app.ts and the infrastructure tests share it. */
export function createMarketplace(app: App, env?: Environment): { dataStack: DataStack; appStack: AppStack } {
  const config = readAppConfig(app);
  const tags = { application: 'dental-app-marketplace' };
  const data = new DataStack(app, `${config.appName}-Data`, {
    env,
    config,
    tags,
    description: 'Dental app marketplace: table, uploads bucket, access logs (retained)',
  });
  const appStack = new AppStack(app, `${config.appName}-App`, {
    env,
    config,
    data,
    tags,
    description: 'Dental app marketplace: site, API and functions, queues, mail, secrets',
  });
  return { dataStack: data, appStack };
}
