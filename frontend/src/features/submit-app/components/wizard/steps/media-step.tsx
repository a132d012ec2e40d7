import { Box, Heading, SimpleGrid, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { FieldGroup, TextField } from '../fields';
import { IconUpload, ScreenshotsUpload } from '../image-uploads';
import type { StepProps } from '../step-props';

/** The optional links under 'More links', in their order on the form. */
const MORE_LINKS = [
  { name: 'demo_url', label: 'Demo URL' },
  { name: 'documentation_url', label: 'Documentation URL' },
  { name: 'support_url', label: 'Support URL' },
  { name: 'demo_video_url', label: 'Demo Video URL' },
  { name: 'privacy_policy_url', label: 'Privacy Policy URL' },
  { name: 'terms_url', label: 'Terms of Service URL' },
  { name: 'logo_url', label: 'Logo URL', helper: 'Your company logo.' },
] as const;

/** Step 2: website (required), icon (required: upload or URL), screenshots and the other links. */
export function MediaStep(props: StepProps) {
  const { values, set, errors, touch, appId } = props;
  const [iconProblem, setIconProblem] = useState<string | null>(null);

  return (
    <Stack gap="6">
      <TextField {...props} name="website_url" label="Website URL" required type="url" placeholder="https://" />

      <FieldGroup legend="App Icon" required error={iconProblem ?? errors.icon_url}>
        <IconUpload
          value={values.icon_url}
          name={values.name}
          appId={appId}
          onError={setIconProblem}
          onUploaded={(url) => {
            set('icon_url', url);
            touch('icon_url');
          }}
        />
      </FieldGroup>
      <TextField
        {...props}
        name="icon_url"
        label="Icon URL"
        placeholder="https://... (filled in when you upload)"
        helper="Or link an icon hosted elsewhere."
      />

      <FieldGroup
        legend="Screenshots"
        helper="Show the app at work. Up to 10; the first one leads your gallery."
        error={errors.screenshots}
      >
        <ScreenshotsUpload
          values={values.screenshots}
          appId={appId}
          onAdd={(urls) => set('screenshots', (prev) => [...prev, ...urls])}
          onRemove={(index) => set('screenshots', (prev) => prev.filter((_, i) => i !== index))}
        />
      </FieldGroup>

      <Box>
        <Heading as="h3" size="sm" mb="3">
          More links
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          {MORE_LINKS.map((link) => (
            <TextField key={link.name} {...props} {...link} type="url" placeholder="https://" />
          ))}
        </SimpleGrid>
      </Box>
    </Stack>
  );
}
