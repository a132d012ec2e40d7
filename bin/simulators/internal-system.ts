/**
 * The local "internal system": the practice-management system's integration catalogue (features,
 * event types, tables, relationships), served over HTTP as shared/contracts/internal-system.openapi.json
 * describes, from data/practice-catalogue/ (the Open Dental data model; see its README).
 *
 * Besides the fault modes of common.ts, POST /__control accepts {"omit": {"features": [ids],
 * "event_types": [names], "tables": [names], "relationships": ["from.column"]}} to make items
 * vanish from the source (tests of "removed, not deleted"), and {"omit": null} to restore them.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { paged, startSimulator } from './common';

const DATA = resolve(import.meta.dirname, '../../data/practice-catalogue');
const load = <T>(file: string): T[] => JSON.parse(readFileSync(resolve(DATA, file), 'utf8')) as T[];

interface TableRow {
  name: string;
  column_count: number;
  columns: string[];
  primary_key: string | null;
  summary: string;
}
interface Omit {
  features?: string[];
  event_types?: string[];
  tables?: string[];
  relationships?: string[];
}

export async function startInternalSystem(opts: { port?: number; apiKey: string }) {
  const features = load<{ id: string }>('features.json');
  const eventTypes = load<{ name: string }>('event-types.json');
  const tables = load<TableRow>('tables.json').map((t) => ({
    name: t.name,
    column_count: t.column_count,
    columns: t.columns,
    primary_key: t.primary_key,
    summary: t.summary,
  }));
  const relationships = load<{ from_table: string; column: string; to_table: string }>('relationships.json');
  let omit: Omit = {};
  const without = <T>(list: T[], ids: string[] | undefined, idOf: (t: T) => string) =>
    ids?.length ? list.filter((t) => !ids.includes(idOf(t))) : list;

  return startSimulator({
    name: 'Internal system',
    port: opts.port ?? 0,
    apiKey: opts.apiKey,
    onControl: (body) => {
      if (body.omit === null) omit = {};
      else if (body.omit && typeof body.omit === 'object') omit = body.omit as Omit;
      return { omit };
    },
    route: (url) => {
      const list = (items: unknown[], bad: unknown) => ({
        status: 200,
        body: paged(items, url),
        invalid: { ...paged(items, url), items: [bad, ...paged(items, url).items.slice(1)] },
      });
      switch (url.pathname) {
        case '/health':
          return { status: 200, body: { status: 'ok' } };
        case '/v1/features':
          return list(
            without(features, omit.features, (f) => f.id),
            { id: 'Not A Valid Id!', name: '', tables: 'none' },
          );
        case '/v1/event-types':
          return list(
            without(eventTypes, omit.event_types, (e) => e.name),
            { name: 'no-dot-here', trigger_type: 7 },
          );
        case '/v1/tables':
          return list(
            without(tables, omit.tables, (t) => t.name),
            { name: 'Bad Table', column_count: -1 },
          );
        case '/v1/relationships':
          return list(
            without(relationships, omit.relationships, (r) => `${r.from_table}.${r.column}`),
            { from_table: 'x' },
          );
        default:
          return undefined;
      }
    },
  });
}
