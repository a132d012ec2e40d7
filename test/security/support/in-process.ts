import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { apiGatewayEvent } from '../../support/api-gateway-event';

/** `DELETE /api/keys/{id}` by the key's owner, as API Gateway hands it to the api-keys function. */
export const deleteKeyEvent = (token: string, keyId: string, requestId: string): APIGatewayProxyEventV2 =>
  apiGatewayEvent({
    routeKey: 'DELETE /api/keys/{id}',
    path: `/api/keys/${keyId}`,
    headers: { authorization: `Bearer ${token}` },
    pathParameters: { id: keyId },
    requestId,
  });
