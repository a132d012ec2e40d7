/**
 * The AWS SDK layer's list (lib/aws-sdk-layer.ts): what check:bundle reads from each bundle, and
 * what it calls missing (a function would fail its cold start) or unused.
 */
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../lib/app-config';
import { compareSdkImports, mergeSdkImports, sdkImportsOf } from '../../lib/aws-sdk-layer';
import { layerPackage, readSdkManifest, sdkLayerAlias } from '../../lib/bundling';

describe('the AWS SDK layer list', () => {
  it('reads the names a minified bundle imports, from the layer or from an SDK package it lacks', () => {
    const code =
      'import{GetCommand as a,QueryCommand as b}from"@aws-sdk-layer/lib-dynamodb";var x=1;' +
      'import{DynamoDBClient as c}from"@aws-sdk-layer/client-dynamodb";import{GetCommand as d}from"@aws-sdk-layer/lib-dynamodb";' +
      'import{ListTablesCommand}from"@aws-sdk/client-dynamodb";import { SQSClient as e } from "@aws-sdk/client-sqs";';
    expect(mergeSdkImports([sdkImportsOf(code)])).toEqual({
      '@aws-sdk/client-dynamodb': ['DynamoDBClient', 'ListTablesCommand'],
      '@aws-sdk/client-sqs': ['SQSClient'],
      '@aws-sdk/lib-dynamodb': ['GetCommand', 'QueryCommand'],
    });
  });

  it('refuses an import of the SDK it cannot check by name', () => {
    for (const code of [
      'import*as s from"@aws-sdk-layer/client-s3";',
      'import s from"@aws-sdk/client-s3";',
      'const s=await import("@aws-sdk/client-s3");',
      'import"@aws-sdk-layer/client-s3";',
    ]) {
      expect(() => sdkImportsOf(code), code).toThrow(/other than by name/);
    }
  });

  it('names what the list lacks and what it lists in vain', () => {
    const manifest = { '@aws-sdk/lib-dynamodb': ['GetCommand', 'ScanCommand'] };
    const used = mergeSdkImports([
      sdkImportsOf('import{GetCommand as a,PutCommand as b}from"@aws-sdk-layer/lib-dynamodb";'),
      sdkImportsOf('import{SQSClient as c}from"@aws-sdk/client-sqs";'),
    ]);
    expect(compareSdkImports(manifest, used)).toEqual({
      missing: ['@aws-sdk/client-sqs SQSClient', '@aws-sdk/lib-dynamodb PutCommand'],
      unused: ['@aws-sdk/lib-dynamodb ScanCommand'],
    });
  });

  it('every SDK package on the list is imported from the layer under its own name', () => {
    const manifest = readSdkManifest(REPO_ROOT);
    expect(Object.keys(manifest).length).toBeGreaterThan(0);
    expect(sdkLayerAlias(REPO_ROOT)).toEqual(
      Object.fromEntries(Object.keys(manifest).map((pkg) => [pkg, pkg.replace('@aws-sdk/', '@aws-sdk-layer/')])),
    );
    expect(layerPackage('@aws-sdk/client-sqs')).toBe('@aws-sdk-layer/client-sqs');
  });
});
