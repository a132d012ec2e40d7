import { ApiKeyManager } from '@/features/api-keys/components/api-key-manager';

/** /dashboard/api-keys (inside the developer layout). */
export default function ApiKeysRoute() {
  return <ApiKeyManager />;
}
