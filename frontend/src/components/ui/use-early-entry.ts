import { useEffect, useRef } from 'react';

type Field = HTMLInputElement | HTMLSelectElement;

/** What the visitor entered in a server-rendered field before React handled it, by field. */
const earlyEntries = new WeakMap<Element, string>();

const isField = (node: unknown): node is Field => node instanceof HTMLInputElement || node instanceof HTMLSelectElement;

/** The value a visitor gave the field, when it is not the one the server rendered. */
function entered(field: Field): string | undefined {
  if (field instanceof HTMLSelectElement) {
    return [...field.options].some((o) => o.selected !== o.defaultSelected) ? field.value : undefined;
  }
  return field.value !== field.defaultValue ? field.value : undefined;
}

const record = (event: Event) => {
  if (isField(event.target)) earlyEntries.set(event.target, event.target.value);
};

/**
 * Call before hydrating `container`: keeps what the visitor has typed or picked in its fields so
 * far, and from now on (a capture listener, ahead of React's), for useEarlyEntry. React hydrates
 * an input keeping its text but records that text as already seen, so no change event ever
 * reports it, and it puts a <select> back to the option it renders.
 */
export function recordEarlyEntries(container: Element): void {
  for (const field of container.querySelectorAll<Field>('input, select')) {
    const value = entered(field);
    if (value !== undefined) earlyEntries.set(field, value);
  }
  container.addEventListener('input', record, true);
  container.addEventListener('change', record, true);
}

/**
 * For a controlled field of a server-rendered page: what the visitor typed or picked before React
 * handled it (before the script ran, or while hydration had not reached the field) is handed to
 * `onChange` once hydration is done, after any event React replays. On a page rendered in the
 * browser nothing was recorded and nothing happens.
 *
 * Returns the ref for the field (an <input> or a <select>).
 */
export function useEarlyEntry<E extends Field>(value: string, onChange: (value: string) => void) {
  const ref = useRef<E>(null);
  const first = useRef({ value, onChange });
  useEffect(() => {
    const field = ref.current;
    const entry = field ? earlyEntries.get(field) : undefined;
    if (!field || entry === undefined) return;
    // After the event that made React hydrate (it may report the field's reset value) is handled.
    const timer = setTimeout(() => {
      earlyEntries.delete(field);
      if (entry !== first.current.value) first.current.onChange(entry);
    });
    return () => clearTimeout(timer);
  }, []);
  return ref;
}
