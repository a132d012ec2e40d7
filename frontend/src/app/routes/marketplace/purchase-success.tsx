import { Container } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import { PurchaseSuccess } from '@/features/purchases/components/purchase-success';

/**
 * /marketplace/purchase-success?session_id=...[&new_account=true]: where the payment page returns;
 * ?confirm=sent after a free licence asked for as a guest (its confirmation link is on its way).
 */
export default function PurchaseSuccessRoute() {
  const [params] = useSearchParams();
  return (
    <Container maxW="3xl" py={{ base: '10', md: '16' }}>
      <PurchaseSuccess
        sessionId={params.get('session_id')?.trim() || null}
        newAccount={params.get('new_account') === 'true'}
        confirmSent={params.get('confirm') === 'sent'}
      />
    </Container>
  );
}
