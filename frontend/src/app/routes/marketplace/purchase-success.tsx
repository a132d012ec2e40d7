import { Container } from '@chakra-ui/react';
import { MSG } from '../../../../../shared/messages';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { useDocumentTitle } from '../../../components/ui/use-document-title';

/** Post-payment page. Placeholder: the order lookup and confirmation arrive with checkout. */
export default function PurchaseSuccessRoute() {
  useDocumentTitle('Purchase');
  return (
    <Container maxW="3xl" py="16">
      <PageSpinner label={MSG.processingPurchase} />
    </Container>
  );
}
