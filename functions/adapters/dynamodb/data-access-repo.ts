/**
 * An app's data access declaration: one item beside the app, PK=APP#<id>,
 * SK=DATAACCESS (GetItem / PutItem; no index).
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { DataAccessDeclaration } from '../../../shared/schemas/data-access';
import type { DataAccessStore } from '../../core/data-access/data-access-service';
import { documentClient, tableName } from '../aws-clients';
import { putItem } from './dynamo';
import { dataAccessKey } from './keys';

export const dynamoDataAccessStore: DataAccessStore = {
  async get(appId) {
    const res = await documentClient().send(new GetCommand({ TableName: tableName(), Key: dataAccessKey(appId) }));
    return (res.Item?.declaration as DataAccessDeclaration | undefined) ?? undefined;
  },
  async put(appId, declaration) {
    await putItem({ ...dataAccessKey(appId), entity: 'AppDataAccess', app_id: appId, declaration });
  },
};
