import { ApiError } from '../../../lib/api-client';
import type { OwnApp } from '../types';

/** The developer's view of an app's state (SPEC.md section 4): public apps wait for review. */
export function appStatus(app: Pick<OwnApp, 'type' | 'is_approved'>): {
  label: 'Published' | 'Pending Review' | 'Active';
  palette: string;
} {
  if (app.type !== 'public') return { label: 'Active', palette: 'green' };
  return app.is_approved ? { label: 'Published', palette: 'green' } : { label: 'Pending Review', palette: 'orange' };
}

/** A route whose API is not deployed yet answers 501: the tool dialogs say so instead of failing. */
export const isNotAvailable = (error: unknown): boolean => error instanceof ApiError && error.status === 501;

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Dollars to two decimals: '$1,234.50'. */
export const formatMoney = (value: number | null | undefined): string => money.format(Number(value) || 0);

const shortDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function formatDate(value: string | null | undefined, withTime = false): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return (withTime ? dateTime : shortDate).format(date);
}
