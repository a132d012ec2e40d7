import { Box, Button, Container, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import * as MSG from '@shared/messages/screens';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { LuArrowLeft, LuPackageX } from 'react-icons/lu';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { EmptyState } from '@/components/ui/empty-state';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import { WhenWanted } from '@/components/ui/when-wanted';
import { withAllRecipes } from '@/components/ui/with-all-recipes';
import { paths } from '@/config/paths';
import { CHECKOUT_APP_KEY } from '@/features/checkout/utils/checkout-return';
import { useAppDetail } from '@/features/marketplace/api/get-app-by-slug';
import { AppDetailHeader } from '@/features/marketplace/components/app-detail/app-detail-header';
import { AppDetailSkeleton } from '@/features/marketplace/components/app-detail/app-detail-skeleton';
import { AppFacts } from '@/features/marketplace/components/app-detail/app-facts';
import { FeatureList } from '@/features/marketplace/components/app-detail/feature-list';
import { LicensePricingCard } from '@/features/marketplace/components/app-detail/license-pricing-card';
import { ScreenshotGallery } from '@/features/marketplace/components/app-detail/screenshot-gallery';
import { SecureCheckoutInfo } from '@/features/marketplace/components/app-detail/secure-checkout-info';
import { PracticeSystemBadges } from '@/features/marketplace/components/practice-system-badges';
import { useIsOwner } from '@/features/marketplace/hooks/use-is-owner';
import { useOwnedLicence } from '@/features/marketplace/hooks/use-owned-licence';
import { formatPriceWithPeriod } from '@/features/marketplace/utils/pricing';

// The checkout modal (and the mutation code behind it) loads only when a buyer shows intent:
// hovering or focusing the buy button, clicking it, or returning from login with ?checkout=true.
const loadCheckoutModal = withAllRecipes(() => import('@/features/checkout/components/checkout-modal'));
const CheckoutModal = lazy(() => loadCheckoutModal().then((m) => ({ default: m.CheckoutModal })));
// The per-visitor sections below the fold render only in the browser, once wanted (WhenWanted: near
// the screen, on the visitor's first scroll or touch, or a few seconds after load): their code
// (forms, dialogs, the permissions lists) and their data load then, off the page's first seconds.
const loadPermissionsSection = withAllRecipes(() => import('@/components/permissions/components/permissions-section'));
const PermissionsSection = lazy(() => loadPermissionsSection().then((m) => ({ default: m.PermissionsSection })));
const loadReviewsSection = withAllRecipes(() => import('@/features/marketplace/components/reviews/reviews-section'));
const ReviewsSection = lazy(() => loadReviewsSection().then((m) => ({ default: m.ReviewsSection })));

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section" aria-label={title}>
      <Heading as="h2" size="lg" mb="4">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

const BackToMarketplace = () => (
  <Button asChild variant="ghost" size="sm" ms="-3" colorPalette="gray">
    <RouterLink to={paths.marketplace}>
      <LuArrowLeft aria-hidden /> Back to Marketplace
    </RouterLink>
  </Button>
);

/** /marketplace/app/{slug}: everything a practice needs to decide, and the way to buy. */
export default function MarketplaceAppDetail() {
  const { slug } = useParams<{ slug: string }>();
  const { data: app, isLoading: fetching } = useAppDetail(slug);
  // SWR reports isLoading while it revalidates server-rendered (fallback) data too: that data shows.
  const isLoading = fetching && !app;
  const isOwner = useIsOwner(app);
  const owned = useOwnedLicence(app);
  useDocumentTitle(app?.name ?? (isLoading ? undefined : MSG.appNotFound));
  const [params, setParams] = useSearchParams();
  const [checkoutClicked, setCheckoutClicked] = useState(false);
  // Back from login with ?checkout=true: the purchase resumes where it stopped.
  const resumeCheckout = params.get('checkout') === 'true';
  const checkoutOpen = Boolean(app && !isOwner && (checkoutClicked || resumeCheckout));
  const [checkoutMounted, setCheckoutMounted] = useState(false);
  if (checkoutOpen && !checkoutMounted) setCheckoutMounted(true);

  const closeCheckout = () => {
    setCheckoutClicked(false);
    if (resumeCheckout) {
      sessionStorage.removeItem(CHECKOUT_APP_KEY);
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.delete('checkout');
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    }
  };

  if (isLoading) {
    return (
      <Container maxW="7xl" py={{ base: '6', md: '10' }}>
        <BackToMarketplace />
        <Box mt="6">
          <AppDetailSkeleton />
        </Box>
      </Container>
    );
  }

  if (!app) {
    return (
      <Container maxW="3xl" py="16">
        <EmptyState
          title={MSG.appNotFound}
          description="It may have been removed, or the link may be mistyped."
          icon={<LuPackageX />}
          action={
            <Button asChild colorPalette="brand">
              <RouterLink to={paths.marketplace}>
                <LuArrowLeft aria-hidden /> Back to Marketplace
              </RouterLink>
            </Button>
          }
        />
      </Container>
    );
  }

  const about = app.long_description || app.description;
  const keyFeatures = (app.key_features ?? []).filter((f) => f.trim());
  const useCases = (app.use_cases ?? []).filter((u) => u.trim());
  const integrations = (app.integrations ?? []).filter((i) => i.trim());

  return (
    <Container maxW="7xl" py={{ base: '6', md: '10' }}>
      <BackToMarketplace />
      <Box mt="6" mb={{ base: '8', md: '10' }}>
        <AppDetailHeader app={app} />
      </Box>

      <Grid
        gap={{ base: '8', lg: '10' }}
        templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 360px' }}
        templateAreas={{ base: '"buy" "main" "facts"', lg: '"main buy" "main facts"' }}
        templateRows={{ lg: 'auto 1fr' }}
        alignItems="start"
      >
        <Stack gridArea="buy" gap="4">
          <LicensePricingCard
            app={app}
            isOwner={isOwner}
            owned={owned}
            onPurchase={() => setCheckoutClicked(true)}
            onIntent={() => void loadCheckoutModal()}
          />
          <SecureCheckoutInfo />
        </Stack>

        <Stack gridArea="main" gap="10">
          <ScreenshotGallery name={app.name} screenshots={app.screenshots ?? []} />
          {(app.practice_systems ?? []).length > 0 && (
            <Section title="Works With">
              <PracticeSystemBadges systems={app.practice_systems} />
            </Section>
          )}
          {about && (
            <Section title="About">
              <Text whiteSpace="pre-line" lineHeight="tall" color="fg">
                {about}
              </Text>
            </Section>
          )}
          {keyFeatures.length > 0 && (
            <Section title="Key Features">
              <FeatureList items={keyFeatures} />
            </Section>
          )}
          {useCases.length > 0 && (
            <Section title="Use Cases">
              <FeatureList items={useCases} />
            </Section>
          )}
          {integrations.length > 0 && (
            <Section title="Integrations">
              <FeatureList items={integrations} />
            </Section>
          )}
          <WhenWanted>
            <Suspense fallback={null}>
              <PermissionsSection appId={app.id} />
              {app.is_approved && <ReviewsSection app={app} isOwner={isOwner} />}
            </Suspense>
          </WhenWanted>
        </Stack>

        <Box gridArea="facts">
          <AppFacts app={app} />
        </Box>
      </Grid>

      {checkoutMounted && (
        <Suspense fallback={null}>
          <CheckoutModal
            app={app}
            priceLabel={formatPriceWithPeriod(app)}
            open={checkoutOpen}
            onClose={closeCheckout}
          />
        </Suspense>
      )}
    </Container>
  );
}
