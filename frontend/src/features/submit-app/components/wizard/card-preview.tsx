import { Badge, Box, Card, Heading, HStack, Stack, Text, Wrap } from '@chakra-ui/react';
import { AppIcon } from '../../../../components/ui/app-icon';
import { AppTypeBadge } from '../../../../components/ui/app-type-badge';
import type { WizardValues } from '../../types';

const PERIOD_SHORT: Record<string, string> = {
  monthly: 'month',
  yearly: 'year',
  per_user_monthly: 'user / month',
  per_location: 'location',
};

/** The marketplace card as it will look, updated as the developer types. */
export function CardPreview({ values: v }: { values: WizardValues }) {
  const free = v.pricing_model === 'free';
  const price = free ? 'Free' : `$${(Number(v.price) || 0).toFixed(2)}`;
  const period = v.pricing_model === 'subscription' ? PERIOD_SHORT[v.price_period] : null;
  const summary = v.short_description.trim() || v.tagline.trim();
  return (
    <Stack gap="3" aria-label="Marketplace card preview" role="region">
      <Text fontSize="xs" fontWeight="semibold" color="gray.500" textTransform="uppercase" letterSpacing="wider">
        Live preview
      </Text>
      <Card.Root variant="outline" borderRadius="xl" bg="bg.panel" shadow="sm">
        <Card.Body gap="3" p="5">
          <HStack justify="space-between" align="flex-start">
            <AppIcon name={v.name || 'App'} src={v.icon_url || null} size={48} />
            <AppTypeBadge type="public" />
          </HStack>
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
        <Card.Footer px="5" py="3.5" borderTopWidth="1px" borderColor="border.muted" justifyContent="space-between">
          <Text fontWeight="bold" color={free ? 'green.700' : 'fg'}>
            {price}
            {period && (
              <Text as="span" fontSize="sm" fontWeight="normal" color="fg.muted">
                {' '}
                / {period}
              </Text>
            )}
          </Text>
          <Text fontSize="sm" fontWeight="semibold" color="brand.fg">
            View Details →
          </Text>
        </Card.Footer>
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
