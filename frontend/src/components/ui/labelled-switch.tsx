import { Switch } from '@chakra-ui/react';

/**
 * An on/off setting with its label beside it ("Active"): a real checkbox underneath, so it is
 * toggled with Space and named by its label. Other props (colour, spacing) go to the root.
 */
export function LabelledSwitch({
  label,
  checked,
  onChange,
  ...root
}: Omit<Switch.RootProps, 'checked' | 'onCheckedChange' | 'onChange' | 'children'> & {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Switch.Root checked={checked} onCheckedChange={(details) => onChange(details.checked)} {...root}>
      <Switch.HiddenInput />
      <Switch.Control />
      <Switch.Label>{label}</Switch.Label>
    </Switch.Root>
  );
}
