import { Input, InputGroup, type InputProps } from '@chakra-ui/react';
import { LuSearch } from 'react-icons/lu';
import { useEarlyEntry } from './use-early-entry';

interface SearchInputProps extends Omit<InputProps, 'onChange'> {
  value: string;
  onValueChange: (value: string) => void;
  label: string;
}

/**
 * A search box with a leading icon; `label` names it for screen readers. On a server-rendered page,
 * what was typed before hydration counts (useEarlyEntry).
 */
export function SearchInput({ value, onValueChange, label, ...rest }: SearchInputProps) {
  const ref = useEarlyEntry<HTMLInputElement>(value, onValueChange);
  return (
    <InputGroup startElement={<LuSearch aria-hidden />} flex="1">
      <Input
        ref={ref}
        type="search"
        aria-label={label}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        autoComplete="off"
        spellCheck={false}
        {...rest}
      />
    </InputGroup>
  );
}
