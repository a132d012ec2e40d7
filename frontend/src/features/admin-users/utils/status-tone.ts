/**
 * How a webhook delivery's status code is shown (SPEC.md sections 4 and 9): 2xx green, 4xx
 * yellow, 5xx red; 0 or missing means the call never got an answer and reads 'Failed' in grey.
 */
export interface StatusTone {
  label: string;
  palette: 'green' | 'yellow' | 'red' | 'gray';
}

export function statusTone(code: number | null | undefined): StatusTone {
  if (!code) return { label: 'Failed', palette: 'gray' };
  if (code >= 200 && code < 300) return { label: String(code), palette: 'green' };
  if (code >= 400 && code < 500) return { label: String(code), palette: 'yellow' };
  if (code >= 500) return { label: String(code), palette: 'red' };
  return { label: String(code), palette: 'gray' };
}
