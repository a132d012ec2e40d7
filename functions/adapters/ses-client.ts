import { SESv2Client } from '@aws-sdk/client-sesv2';
import { getConfig } from '../config';
import { traced } from '../platform/tracer';
import { awsClient, common } from './aws-clients';
import { tagDependency } from './resilience';

/** The SES v2 client (mail), created once per container; locally it points at aws-ses-v2-local. */
export const sesClient = /* @__PURE__ */ awsClient(
  (): SESv2Client => traced(tagDependency(new SESv2Client(common(getConfig().SES_ENDPOINT)), 'SES')),
);
