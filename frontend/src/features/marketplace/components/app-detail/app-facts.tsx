import { Box, Button, Card, DataList, Stack, Text } from '@chakra-ui/react';
import { dataListSlotRecipe } from '@chakra-ui/react/theme';
import { LIMITS } from '@shared/constants';
import * as MSG from '@shared/messages/screens';
import { LuBookOpen, LuExternalLink, LuGlobe, LuLifeBuoy, LuPlay } from 'react-icons/lu';
import { addSlotRecipes } from '@/components/ui/system';
import type { AppDetail } from '@/features/marketplace/types';
import { humanize } from '@/features/marketplace/utils/pricing';
import { formatDate, safeUrl } from '@/utils/format';

// Beyond the design system's own recipes (system.ts): added when this module loads.
addSlotRecipes({ dataList: dataListSlotRecipe });

/** The sidebar: who makes the app, since when it is listed, the licence terms and outside links. */
export function AppFacts({ app }: { app: AppDetail }) {
  const facts: [string, string][] = [
    ['Developer', app.company_name || MSG.independentDeveloper],
    // In UTC, as the server rendered it (see formatDate).
    ['Listed On', formatDate(app.created_at, 'long', 'UTC')],
    ['License Type', app.pricing_model ? humanize(app.pricing_model) : '—'],
    ['Refund Policy', app.refund_policy || `${LIMITS.moneyBackDays}-day money-back guarantee`],
  ];
  const links = [
    { label: 'Visit Website', url: safeUrl(app.website_url), icon: <LuGlobe /> },
    { label: 'View Demo', url: safeUrl(app.demo_url), icon: <LuPlay /> },
    { label: 'Documentation', url: safeUrl(app.documentation_url), icon: <LuBookOpen /> },
    { label: 'Get Support', url: safeUrl(app.support_url), icon: <LuLifeBuoy /> },
  ].filter((link): link is typeof link & { url: string } => Boolean(link.url));

  return (
    <Card.Root variant="outline" borderRadius="xl">
      <Card.Body gap="5" p="6">
        <Text fontWeight="semibold">App Information</Text>
        <DataList.Root orientation="vertical" gap="4" size="sm">
          {facts.map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel>{label}</DataList.ItemLabel>
              <DataList.ItemValue fontWeight="medium" whiteSpace="pre-line">
                {value}
              </DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
        {links.length > 0 && (
          <Box borderTopWidth="1px" borderColor="border.muted" pt="4">
            <Stack gap="2">
              {links.map((link) => (
                <Button key={link.label} asChild variant="outline" justifyContent="flex-start" size="sm">
                  <a href={link.url} target="_blank" rel="noopener noreferrer">
                    {link.icon}
                    {link.label}
                    <Box as="span" ms="auto" aria-hidden>
                      <LuExternalLink />
                    </Box>
                  </a>
                </Button>
              ))}
            </Stack>
          </Box>
        )}
      </Card.Body>
    </Card.Root>
  );
}
