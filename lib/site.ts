import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { contentSecurityPolicy, UPLOADS_CONTENT_SECURITY_POLICY } from '@shared/csp';
import { Annotations, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { ORIGIN_VERIFY_HEADER } from '../functions/http/origin-verify';
import { ROOT_ROUTE_PATHS, STOREFRONT_PATH_PATTERNS } from '../functions/routes';
import { ALL_PAGE_PARAMS } from '../functions/storefront/page-params';
import { ACCESS_LOG_PREFIX } from './access-logs';
import { type AppConfig, existingPath } from './app-config';
import type { EncryptedLogs } from './logs';
import { acknowledgeWildcards } from './nag';
import type { AppSecrets } from './secrets';
import { UPLOADS_KEY_PREFIXES } from './uploads';

/**
 * Viewer-request function of the SPA behaviour (SPA_PATH_PATTERN): a path whose last segment has
 * no file extension is a client-side route, so it gets /index.html. Only the SPA behaviour runs
 * it; /api/*, /v1/* and /uploads/* have their own behaviours, so an API 404 stays a 404.
 */
/**
 * The query strings the cached public reads take (functions/marketplace, functions/storefront):
 * search, filters, sorting and paging. Only these are in the API's cache key; the origin still
 * receives the whole query string (the origin request policy), so an uncached route sees them all.
 */
export const CACHE_QUERY_STRINGS = [
  'q',
  'category',
  'sort',
  'works_with',
  'limit',
  'cursor',
  'page',
  'status',
  'type',
] as const;

/**
 * The storefront pages' cache key at the edge: only the query parameters some page reads
 * (functions/storefront/page-params.ts), no headers, no cookies. A page is the same for everyone,
 * so a random `?x=` or a bearer token is the same cache entry, not a miss that renders again.
 */
export const STOREFRONT_CACHE_QUERY_STRINGS = ALL_PAGE_PARAMS;

export const SPA_REWRITE_CODE = `function handler(event) {
  var request = event.request;
  var last = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

/**
 * The SPA's behaviour: every path with at least one character after the leading slash (`?` is
 * exactly one character, `*` any number), so every path but `/` itself. It comes after every other
 * behaviour (CloudFront takes the first pattern that matches), and `/` alone falls through to the
 * default behaviour, the server-rendered storefront home page. A path pattern cannot name the root
 * by itself, and `defaultRootObject` would rewrite `/` to an S3 object before any behaviour is
 * chosen, so the distribution has none.
 */
export const SPA_PATH_PATTERN = '/?*';

/** Viewer-request function of /uploads/*: /uploads/apps/<appId>/<file> is the object apps/<appId>/<file>. */
export const UPLOADS_PREFIX_CODE = `function handler(event) {
  var request = event.request;
  request.uri = request.uri.replace(/^\\/uploads\\//, '/');
  return request;
}`;

/** The SPA's own files under assets/ carry a content hash in their names (Vite); they never change. */
const IMMUTABLE = s3deploy.CacheControl.fromString('public, max-age=31536000, immutable');
/** Everything else (index.html, favicon...) is revalidated by browsers; the edge keeps it until the next deploy's invalidation. */
const REVALIDATE = s3deploy.CacheControl.fromString('public, max-age=0, s-maxage=86400, must-revalidate');

export interface SiteProps {
  readonly config: AppConfig;
  /** execute-api host name of the HTTP API. */
  readonly apiDomainName: string;
  readonly uploadsBucket: s3.IBucket;
  readonly accessLogs: s3.IBucket;
  readonly logs: EncryptedLogs;
  /** The origin-verify secret CloudFront sends to the API (lib/secrets.ts). */
  readonly secrets: AppSecrets;
  /** The web ACL (CLOUDFRONT scope) of the distribution: this stack's, the edge stack's or context webAclArn. */
  readonly webAclArn: string;
}

/** API Gateway's own 5xx answers (and any 5xx) are never kept at the edge: the next request tries again. */
export const UNCACHED_ERROR_CODES = [500, 502, 503, 504] as const;

/**
 * The public entry point: one CloudFront distribution in front of
 * - the SPA bucket (SPA_PATH_PATTERN, i.e. every path but `/`; OAC, extension-less paths rewritten
 *   to /index.html),
 * - the HTTP API for /api/* and /v1/* (nothing cached unless the API sends Cache-Control, as its
 *   public marketplace reads do), and for the server-rendered storefront pages (same cache policy):
 *   the home page `/` (the default behaviour) and the marketplace pages (STOREFRONT_PATH_PATTERNS),
 * - the uploads bucket for /uploads/* (OAC, /uploads stripped by a CloudFront Function).
 * The SPA build (frontend/dist) is uploaded when it exists; synth without it only warns.
 */
export class Site extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  /** https URL of the site (custom domain when configured). */
  readonly url: string;

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id);
    const { config } = props;

    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      removalPolicy: RemovalPolicy.RETAIN,
      lifecycleRules: [{ noncurrentVersionExpiration: Duration.days(30) }],
    });
    // Server access logs go to the data stack's log bucket, whose policy admits them (lib/access-logs.ts).
    (this.bucket.node.defaultChild as s3.CfnBucket).loggingConfiguration = {
      destinationBucketName: props.accessLogs.bucketName,
      logFilePrefix: ACCESS_LOG_PREFIX.siteBucket,
    };
    const ackBucket = (id: string, reason: string) => Validations.of(this.bucket).acknowledge({ id, reason });
    ackBucket(
      'HIPAA.Security-S3DefaultEncryptionKMS',
      'Holds the public SPA build (no data); SSE-S3 (AES-256) encrypts it at rest without a KMS key policy for CloudFront.',
    );
    ackBucket(
      'HIPAA.Security-S3BucketReplicationEnabled',
      'The content is a build artefact, redeployed from the repository; replication would add nothing.',
    );

    const spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      code: cloudfront.FunctionCode.fromInline(SPA_REWRITE_CODE),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: 'Client-side routes of the SPA get /index.html',
    });
    const uploadsPrefix = new cloudfront.Function(this, 'UploadsPrefix', {
      code: cloudfront.FunctionCode.fromInline(UPLOADS_PREFIX_CODE),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: 'Maps /uploads/<key> to the uploads bucket object <key>',
    });

    // Honour the API's Cache-Control (public marketplace reads say s-maxage=60); everything else
    // says no-store and is never cached. Authorization and X-API-Key are part of the cache key,
    // which is also what makes CloudFront forward them.
    // Only the query strings the public reads take are in the key (CACHE_QUERY_STRINGS): `?x=random`
    // is the same cache entry, not a miss that reaches the functions every time.
    const apiCachePolicy = new cloudfront.CachePolicy(this, 'ApiCachePolicy', {
      comment: 'API: origin Cache-Control decides, keyed by credentials and the listed query strings',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.hours(1),
      headerBehavior: cloudfront.CacheHeaderBehavior.allowList('Authorization', 'X-API-Key'),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.allowList(...CACHE_QUERY_STRINGS),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    // The headers the handlers read (Stripe-Signature, Content-Type of multipart uploads...) plus
    // CloudFront-Viewer-Address, the client's own address: behind CloudFront, API Gateway's
    // sourceIp is CloudFront's, and the per-client limits need the viewer's. Host is not
    // forwarded: API Gateway must see its own. Authorization and X-API-Key travel through the
    // cache key above; the query string is forwarded whole.
    const apiOriginRequestPolicy = new cloudfront.OriginRequestPolicy(this, 'ApiOriginRequestPolicy', {
      comment: 'API: the headers handlers read, the viewer address and the query string',
      headerBehavior: cloudfront.OriginRequestHeaderBehavior.allowList(
        'Content-Type',
        'Accept',
        'Accept-Language',
        'Origin',
        'User-Agent',
        'Stripe-Signature',
        'CloudFront-Viewer-Address',
      ),
      queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.all(),
      // Only the sign-in device cookie reaches the API (functions/core/users/device-token.ts); it is
      // not in any cache key.
      cookieBehavior: cloudfront.OriginRequestCookieBehavior.allowList('dm_device'),
    });
    const apiBehavior: cloudfront.BehaviorOptions = {
      origin: new origins.HttpOrigin(props.apiDomainName, {
        // The API refuses requests without it (functions/http/origin-verify.ts): the execute-api URL
        // cannot bypass CloudFront and its WAF. A dynamic reference: the template holds no value.
        customHeaders: { [ORIGIN_VERIFY_HEADER]: props.secrets.originVerify.secretValue.unsafeUnwrap() },
        protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
        originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
        readTimeout: Duration.seconds(30),
      }),
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachedMethods: cloudfront.CachedMethods.CACHE_GET_HEAD,
      cachePolicy: apiCachePolicy,
      originRequestPolicy: apiOriginRequestPolicy,
      compress: true,
    };

    const securityHeaders = (contentSecurityPolicy: string): cloudfront.ResponseSecurityHeadersBehavior => ({
      contentSecurityPolicy: { contentSecurityPolicy, override: true },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
      referrerPolicy: {
        referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
        override: true,
      },
      strictTransportSecurity: {
        accessControlMaxAge: Duration.days(365),
        includeSubdomains: true,
        override: true,
      },
    });
    // The SPA's policy (shared/csp.ts, also sent by the local server): the browser posts uploads
    // straight to the bucket's regional endpoint.
    const siteHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SiteHeaders', {
      comment: 'SPA: Content-Security-Policy (script-src self), HSTS, no framing',
      securityHeadersBehavior: securityHeaders(
        contentSecurityPolicy({
          uploadOrigin: `https://${props.uploadsBucket.bucketName}.s3.${Stack.of(this).region}.amazonaws.com`,
        }),
      ),
    });
    const uploadsHeaders = new cloudfront.ResponseHeadersPolicy(this, 'UploadsHeaders', {
      comment: 'Uploaded images: nothing but the image renders',
      securityHeadersBehavior: securityHeaders(UPLOADS_CONTENT_SECURITY_POLICY),
    });
    // The storefront pages read no credentials and only their own query parameters: their own cache
    // key (issue 30, row 10). With the API's, Authorization, X-API-Key and every listed query string
    // made a page a new entry, so random values reached the renderer on every request.
    const storefrontCachePolicy = new cloudfront.CachePolicy(this, 'StorefrontCachePolicy', {
      comment: 'Storefront pages: origin Cache-Control decides, keyed by the page parameters only',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.hours(1),
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.allowList(...STOREFRONT_CACHE_QUERY_STRINGS),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    // The storefront pages (/, categories, a category, an app) are HTML rendered by the storefront
    // Lambda: the API's origin (the renderer's s-maxage decides), their own cache key, and the
    // SPA's security headers.
    const storefrontBehavior: cloudfront.BehaviorOptions = {
      ...apiBehavior,
      cachePolicy: storefrontCachePolicy,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
      responseHeadersPolicy: siteHeaders,
    };

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      // A new -c originSecretNonce changes the distribution, so CloudFormation updates it and
      // re-reads the origin secret into the origin header (bin/rotate-origin-secret.ts).
      comment: config.originSecretNonce
        ? `Dental app marketplace (origin secret ${config.originSecretNonce.slice(0, 64)})`
        : 'Dental app marketplace',
      // No defaultRootObject: `/` is the storefront's home page (the default behaviour below).
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      ...(config.domainName && config.certificateArn
        ? {
            domainNames: [config.domainName],
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
            certificate: acm.Certificate.fromCertificateArn(this, 'Certificate', config.certificateArn),
          }
        : {}),
      webAclId: props.webAclArn,
      errorResponses: UNCACHED_ERROR_CODES.map((httpStatus) => ({ httpStatus, ttl: Duration.seconds(0) })),
      enableLogging: true,
      logBucket: props.accessLogs,
      logFilePrefix: ACCESS_LOG_PREFIX.cloudFront,
      // Only `/` reaches the default behaviour: every other path matches a pattern below, the last
      // of which (SPA_PATH_PATTERN) takes every path with a character after the slash.
      defaultBehavior: storefrontBehavior,
      // In this order: CloudFront takes the first pattern that matches.
      additionalBehaviors: {
        '/api/*': apiBehavior,
        '/v1/*': apiBehavior,
        // sitemap.xml and robots.txt are answered by the marketplace Lambda (functions/routes.ts)
        ...Object.fromEntries(ROOT_ROUTE_PATHS.map((path) => [path, apiBehavior])),
        // Server-rendered storefront pages (functions/storefront); other page paths stay the SPA.
        ...Object.fromEntries(STOREFRONT_PATH_PATTERNS.map((path) => [path, storefrontBehavior])),
        '/uploads/*': {
          origin: origins.S3BucketOrigin.withOriginAccessControl(props.uploadsBucket),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: uploadsHeaders,
          functionAssociations: [{ function: uploadsPrefix, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
          compress: true,
        },
        // Last: the SPA, for every path but `/`.
        [SPA_PATH_PATTERN]: {
          origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: siteHeaders,
          functionAssociations: [{ function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
          compress: true,
        },
      },
    });
    this.url = config.domainName
      ? `https://${config.domainName}`
      : `https://${this.distribution.distributionDomainName}`;

    this.uploadsBucketPolicy(props.uploadsBucket);

    const ack = (id: string, reason: string) => Validations.of(this).acknowledge({ id, reason });
    ack(
      '@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac',
      'The uploads bucket policy is written below (uploadsBucketPolicy): it admits this distribution only.',
    );
    ack(
      'AwsSolutions-CFR1',
      'Dental practices anywhere may use the marketplace; no geographic restriction is required.',
    );
    if (!config.domainName) {
      ack(
        'AwsSolutions-CFR4',
        'Without a custom domain the distribution uses the *.cloudfront.net certificate, whose TLS policy CloudFront fixes; with domainName/certificateArn TLSv1.2_2021 applies.',
      );
    }

    this.deploySpa(config, props.logs);
  }

  /**
   * The uploads bucket's whole policy, here beside the distribution rather than in the data stack
   * with the bucket: CloudFront may read apps/* and drafts/* only as this distribution
   * (AWS:SourceArn), known from the first deploy without a cyclic dependency (the data stack
   * never refers to the app stack). Requests without TLS are denied.
   */
  private uploadsBucketPolicy(bucket: s3.IBucket): void {
    const policy = new s3.BucketPolicy(this, 'UploadsBucketPolicy', { bucket, removalPolicy: RemovalPolicy.RETAIN });
    policy.document.addStatements(
      new iam.PolicyStatement({
        sid: 'DenyWithoutTls',
        effect: iam.Effect.DENY,
        principals: [new iam.AnyPrincipal()],
        actions: ['s3:*'],
        resources: [bucket.bucketArn, bucket.arnForObjects('*')],
        conditions: { Bool: { 'aws:SecureTransport': 'false' } },
      }),
      new iam.PolicyStatement({
        sid: 'CloudFrontOriginAccessControlRead',
        principals: [new iam.ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: UPLOADS_KEY_PREFIXES.map((prefix) => bucket.arnForObjects(`${prefix}*`)),
        conditions: { StringEquals: { 'AWS:SourceArn': this.distribution.distributionArn } },
      }),
    );
  }

  private deploySpa(config: AppConfig, logs: EncryptedLogs): void {
    const buildDir = existingPath(config.siteBuildPath);
    if (!buildDir || !existsSync(join(buildDir, 'index.html'))) {
      Annotations.of(this).addWarningV2(
        'dental-marketplace:siteBuildMissing',
        `${config.siteBuildPath}/index.html not found: the SPA is not deployed. Run \`npm run build:web\` before \`cdk deploy\`.`,
      );
      return;
    }
    const source = s3deploy.Source.asset(buildDir);
    const logGroup = logs.logGroup(this, 'DeployLogs');
    // Hashed assets first, so the new index.html never points at files that are not there yet.
    const assets = new s3deploy.BucketDeployment(this, 'DeployAssets', {
      sources: [source],
      destinationBucket: this.bucket,
      exclude: ['*'],
      include: ['assets/*'],
      cacheControl: [IMMUTABLE],
      // Keep the previous builds' chunks: tabs opened before a deploy still load their lazy routes.
      prune: false,
      logGroup,
    });
    const pages = new s3deploy.BucketDeployment(this, 'DeployPages', {
      sources: [source],
      destinationBucket: this.bucket,
      exclude: ['assets/*'],
      cacheControl: [REVALIDATE],
      logGroup,
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    pages.node.addDependency(assets);

    // The deployments share one CDK-provided handler function at stack level.
    for (const child of Stack.of(this).node.children) {
      if (!child.node.id.startsWith('Custom::CDKBucketDeployment')) continue;
      const ack = (id: string, reason: string) => Validations.of(child).acknowledge({ id, reason });
      const cdkOwned = 'CDK-provided BucketDeployment handler, runs only during deployments.';
      ack(
        'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        `${cdkOwned} It writes its own logs with the AWS basic execution policy.`,
      );
      ack('AwsSolutions-L1', `${cdkOwned} CDK chooses and updates its runtime.`);
      ack('HIPAA.Security-LambdaConcurrency', `${cdkOwned} One invocation per deployment.`);
      ack('HIPAA.Security-LambdaDLQ', `${cdkOwned} Invoked synchronously by CloudFormation, which reports failures.`);
      ack('HIPAA.Security-LambdaInsideVPC', `${cdkOwned} It only calls S3 and CloudFront APIs.`);
      ack('HIPAA.Security-IAMNoInlinePolicy', `${cdkOwned} CDK attaches its permissions inline.`);
      acknowledgeWildcards(
        child,
        /./,
        `${cdkOwned} CDK grants it read on its asset bucket, write/delete on the SPA bucket and invalidation of this distribution.`,
      );
    }
  }
}
