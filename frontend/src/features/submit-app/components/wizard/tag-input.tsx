import { Box, Input, Tag, Text, Wrap } from '@chakra-ui/react';
import { cleanList } from '@shared/rules/lists';
import { useState } from 'react';

/**
 * Chips entered one at a time: Enter adds the trimmed text, a duplicate (any case) is ignored,
 * each chip can be removed. Used for tags and integrations.
 */
export function TagInput({
  values,
  onChange,
  placeholder,
  itemLabel,
  max,
}: {
  values: string[];
  onChange: (values: string[]) => void;
  placeholder?: string;
  /** 'tag' -> 'Remove tag dental'. */
  itemLabel: string;
  max: number;
}) {
  const [draft, setDraft] = useState('');
  const [note, setNote] = useState<string | null>(null);

  const add = () => {
    const value = draft.trim();
    if (!value) return;
    if (values.some((v) => v.toLowerCase() === value.toLowerCase())) {
      setNote(`"${value}" is already added`);
      setDraft('');
      return;
    }
    if (values.length >= max) {
      setNote(`At most ${max} allowed`);
      return;
    }
    onChange(cleanList([...values, value], true));
    setDraft('');
    setNote(null);
  };

  return (
    <Box w="full">
      <Input
        value={draft}
        placeholder={placeholder}
        onChange={(e) => {
          setDraft(e.target.value);
          setNote(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            add();
          }
        }}
      />
      {note && (
        <Text fontSize="xs" color="fg.muted" mt="1" role="status">
          {note}
        </Text>
      )}
      {values.length > 0 && (
        <Wrap gap="2" mt="2" as="ul" aria-label={`${itemLabel}s`} listStyleType="none">
          {values.map((value) => (
            <Box as="li" key={value}>
              <Tag.Root size="lg" colorPalette="brand" variant="subtle" borderRadius="full">
                <Tag.Label>{value}</Tag.Label>
                <Tag.EndElement>
                  <Tag.CloseTrigger
                    aria-label={`Remove ${itemLabel} ${value}`}
                    onClick={() => onChange(values.filter((v) => v !== value))}
                  />
                </Tag.EndElement>
              </Tag.Root>
            </Box>
          ))}
        </Wrap>
      )}
    </Box>
  );
}
