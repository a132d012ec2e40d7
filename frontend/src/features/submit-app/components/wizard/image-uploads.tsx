import { Box, Button, CloseButton, Flex, HStack, Image, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { LIMITS } from '@shared/constants';
import { MSG } from '@shared/messages';
import { type DragEvent, useRef, useState } from 'react';
import { LuImage, LuPlus } from 'react-icons/lu';
import { AppIcon } from '@/components/ui/app-icon';
import { notifyError } from '@/components/ui/toaster';
import { uploadImages } from '@/features/submit-app/api/upload-images';
import { ICON_SIZE_MESSAGE, isValidIconSize, readImageSize } from '@/features/submit-app/utils/image-size';
import { errorText } from '@/lib/api-client';

/** The server accepts these, judged by their bytes; the browser pre-checks the declared type. */
export const IMAGE_TYPES = 'image/png,image/jpeg,image/gif,image/webp';
const isImage = (file: File) => file.type.startsWith('image/');
const tooBig = (file: File) => file.size > LIMITS.maxUploadBytes;

/**
 * The app icon: upload a file (checked here first: square, at least 256x256; then kind=icon) or
 * type its URL in the field beside it.
 */
export function IconUpload({
  value,
  name,
  onUploaded,
  onError,
  appId,
}: {
  value: string;
  name: string;
  onUploaded: (url: string) => void;
  onError: (message: string | null) => void;
  appId?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  async function onPick(file: File | undefined) {
    if (!file) return;
    onError(null);
    try {
      if (!isImage(file)) return onError('Only PNG, JPEG, GIF or WebP images are allowed');
      if (tooBig(file)) return onError('Each image must be at most 5MB');
      let size: { width: number; height: number };
      try {
        size = await readImageSize(file);
      } catch {
        return onError('This file could not be read as an image');
      }
      if (!isValidIconSize(size)) return onError(`${ICON_SIZE_MESSAGE} (this one is ${size.width}x${size.height})`);
      setBusy(true);
      const [image] = await uploadImages([file], { kind: 'icon', appId });
      if (image?.url) onUploaded(image.url);
    } catch (err) {
      notifyError(errorText(err, MSG.failedUploadScreenshots));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <HStack gap="4" align="center">
      <Box position="relative">
        <AppIcon name={name || 'App'} src={value || null} size={72} />
        {busy && (
          <Flex position="absolute" inset="0" align="center" justify="center" bg="whiteAlpha.700" borderRadius="xl">
            <Spinner size="sm" />
          </Flex>
        )}
      </Box>
      <Stack gap="1">
        <input
          ref={input}
          type="file"
          accept={IMAGE_TYPES}
          aria-label="Icon file"
          hidden
          onChange={(e) => onPick(e.target.files?.[0])}
        />
        <Button
          size="sm"
          variant="outline"
          onClick={() => input.current?.click()}
          loading={busy}
          loadingText="Uploading..."
        >
          <LuPlus /> {value ? 'Replace icon' : 'Upload icon'}
        </Button>
        <Text fontSize="xs" color="fg.muted">
          Square, at least 256x256 pixels. Max 5MB.
        </Text>
      </Stack>
    </HStack>
  );
}

/**
 * Screenshots: images only, hint 'Max 5MB each', at most 10 in all (MSG.maxScreenshots).
 * Dropping files on the area works too. Thumbnails can be removed.
 */
export function ScreenshotsUpload({
  values,
  onAdd,
  onRemove,
  appId,
}: {
  values: string[];
  onAdd: (urls: string[]) => void;
  onRemove: (index: number) => void;
  appId?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  const full = values.length >= LIMITS.maxScreenshots;

  async function onFiles(list: FileList | File[] | null | undefined) {
    const files = Array.from(list ?? []);
    if (files.length === 0) return;
    try {
      const notImages = files.filter((f) => !isImage(f));
      if (notImages.length) {
        notifyError('Only images can be uploaded', notImages.map((f) => f.name).join(', '));
        return;
      }
      if (values.length + files.length > LIMITS.maxScreenshots) {
        notifyError(MSG.maxScreenshots);
        return;
      }
      const big = files.filter(tooBig);
      if (big.length) {
        notifyError('Each image must be at most 5MB', big.map((f) => f.name).join(', '));
        return;
      }
      setBusy(true);
      const images = await uploadImages(files, { kind: 'screenshot', appId });
      onAdd(images.map((i) => i.url));
    } catch (err) {
      notifyError(errorText(err, MSG.failedUploadScreenshots));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!full && !busy) void onFiles(e.dataTransfer.files);
  };

  return (
    <Stack gap="3">
      <input
        ref={input}
        type="file"
        accept={IMAGE_TYPES}
        multiple
        aria-label="Screenshot files"
        hidden
        onChange={(e) => onFiles(e.target.files)}
      />
      <Flex
        direction="column"
        align="center"
        gap="2"
        p="5"
        borderWidth="2px"
        borderStyle="dashed"
        borderColor={dragging ? 'brand.400' : 'border'}
        bg={dragging ? 'brand.subtle' : 'bg.subtle'}
        borderRadius="lg"
        textAlign="center"
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <Box color="brand.fg" fontSize="2xl">
          <LuImage />
        </Box>
        <Button
          size="sm"
          variant="outline"
          bg="bg.panel"
          onClick={() => input.current?.click()}
          disabled={full}
          loading={busy}
          loadingText="Uploading..."
        >
          <LuPlus /> Upload screenshots
        </Button>
        <Text fontSize="xs" color="fg.muted">
          Images only (PNG, JPEG, GIF, WebP). Max 5MB each. {values.length}/{LIMITS.maxScreenshots} added.
        </Text>
      </Flex>
      {values.length > 0 && (
        <SimpleGrid columns={{ base: 2, sm: 3, md: 5 }} gap="3" as="ul" listStyleType="none" aria-label="Screenshots">
          {values.map((url, index) => (
            <Box
              as="li"
              key={url}
              position="relative"
              borderWidth="1px"
              borderRadius="md"
              overflow="hidden"
              bg="bg.subtle"
            >
              <Image
                src={url}
                alt={`Screenshot ${index + 1}`}
                aspectRatio={16 / 10}
                objectFit="cover"
                w="full"
                loading="lazy"
              />
              <CloseButton
                aria-label={`Remove screenshot ${index + 1}`}
                size="2xs"
                variant="solid"
                position="absolute"
                top="1"
                insetEnd="1"
                onClick={() => onRemove(index)}
              />
            </Box>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
