import { ContentPage } from '@/components/layouts/content-page';
import { ApiDocs } from '@/features/api-docs/components/api-docs';

/** /docs: the guide and the endpoint reference, rendered from GET /api/openapi.json. */
export default function DocsRoute() {
  return (
    <ContentPage
      eyebrow="Developers"
      title="API Documentation"
      lead="Build on the Dental Developer Ecosystem: validate licences, read your sales and manage your apps over HTTPS and JSON."
      maxW="7xl"
    >
      <ApiDocs />
    </ContentPage>
  );
}
