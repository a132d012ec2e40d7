import { Badge, Box, Card, Heading, Stack, Text, Wrap } from '@chakra-ui/react';
import { AppCardFooter, AppCardTop } from '@/components/ui/app-card-parts';
import type { WizardValues } from '@/features/submit-app/types';

const PERIOD_SHORT: Record<string, string> = {
  monthly: 'month',
  yearly: 'year',
  per_user_monthly: 'user / month',
  per_location: 'location',
};

/** The marketplace card as it will look, updated as the developer types. */
export function CardPreview({ values: v }: { values: WizardValues }) {
  const price = v.pricing_model === 'free' ? 'Free' : `$${(Number(v.price) || 0).toFixed(2)}`;
  const period = v.pricing_model === 'subscription' ? PERIOD_SHORT[v.price_period] : null;
  const summary = v.short_description.trim() || v.tagline.trim();
  return (
    <Stack gap="3" aria-label="Marketplace card preview" role="region">
      <Text fontSize="xs" fontWeight="semibold" color="gray.500" textTransform="uppercase" letterSpacing="wider">
        Live preview
      </Text>
      <Card.Root variant="outline" borderRadius="xl" bg="bg.panel" shadow="sm">
        <Card.Body gap="3" p="5">
          <AppCardTop name={v.name || 'App'} src={v.icon_url || null} type="public" iconSize={48} />
          <Heading as="p" size="md" lineClamp={1} color={v.name ? 'fg' : 'fg.subtle'}>
            {v.name || 'Your app name'}
          </Heading>
          <Text color={summary ? 'fg.muted' : 'fg.subtle'} fontSize="sm" lineClamp={2}>
            {summary || 'Your short description appears here.'}
          </Text>
          {v.tags.length > 0 && (
            <Wrap gap="1">
              {v.tags.slice(0, 4).map((tag) => (
                <Badge key={tag} variant="outline" size="sm">
                  {tag}
                </Badge>
              ))}
            </Wrap>
          )}
        </Card.Body>
        <AppCardFooter price={price} period={period} cue="View Details →" />
      </Card.Root>
      {v.category && (
        <Text fontSize="xs" color="fg.muted">
          Listed under <strong>{v.category}</strong>.
        </Text>
      )}
      {v.tagline && (
        <Box fontSize="xs" color="fg.muted" borderLeftWidth="2px" borderColor="brand.200" ps="2">
          Detail page: “{v.tagline}”
        </Box>
      )}
    </Stack>
  );
}
