import { Input, InputGroup, type InputProps } from '@chakra-ui/react';
import { LuSearch } from 'react-icons/lu';

interface SearchInputProps extends Omit<InputProps, 'onChange'> {
  value: string;
  onValueChange: (value: string) => void;
  label: string;
}

/** A search box with a leading icon; `label` names it for screen readers. */
export function SearchInput({ value, onValueChange, label, ...rest }: SearchInputProps) {
  return (
    <InputGroup startElement={<LuSearch aria-hidden />} flex="1">
      <Input
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
