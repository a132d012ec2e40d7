import { Box, Button, Heading, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import useSWR from 'swr';
import {
  DATA_ACCESS_MESSAGES,
  type DataAccessCatalogue,
  type DataAccessMode,
  type DataAccessView,
} from '../../../../../shared/schemas/data-access';
import { api, errorText } from '../../../lib/api-client';
import { dataAccessKey } from '../api/get-data-access';

type Choice = DataAccessMode | 'none';

/** The developer declares the data their app touches; saved with PUT /api/apps/{id}/data-access. */
export function DataAccessForm({ appId }: { appId: string }) {
  const catalogue = useSWR('/api/data-access/catalogue', (k: string) => api.get<DataAccessCatalogue>(k));
  const current = useSWR(dataAccessKey(appId, 'review'), (k: string) => api.get<DataAccessView>(k));
  if (catalogue.isLoading || current.isLoading) return <Text>Loading data access...</Text>;
  if (!catalogue.data)
    return <Text role="alert">{errorText(catalogue.error, 'The data access catalogue could not be loaded.')}</Text>;
  return (
    <Box as="section" aria-label="Data access" borderWidth="1px" borderRadius="md" p="5">
      <Heading as="h2" size="md" mb="3">
        Data access
      </Heading>
      {catalogue.data.catalogue_synced ? (
        <Editor appId={appId} catalogue={catalogue.data} view={current.data} />
      ) : (
        <Text>{DATA_ACCESS_MESSAGES.notSynced}</Text>
      )}
    </Box>
  );
}

function Editor({ appId, catalogue, view }: { appId: string; catalogue: DataAccessCatalogue; view?: DataAccessView }) {
  const decl = view?.declaration;
  const [modes, setModes] = useState<Record<string, Choice>>(() =>
    Object.fromEntries((decl?.features ?? []).map((f) => [f.id, f.access])),
  );
  const [events, setEvents] = useState<Set<string>>(() => new Set((decl?.event_types ?? []).map((e) => e.id)));
  const [baa, setBaa] = useState(decl?.baa_signed ?? false);
  const [baaUrl, setBaaUrl] = useState(decl?.baa_url ?? '');
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setSaving(true);
    setStatus(null);
    try {
      await api.put(`/api/apps/${encodeURIComponent(appId)}/data-access`, {
        features: Object.entries(modes)
          .filter(([, m]) => m !== 'none')
          .map(([id, access]) => ({ id, access })),
        event_types: [...events],
        baa_signed: baa,
        baa_url: baaUrl.trim() || null,
      });
      setStatus({ ok: true, text: 'Data access saved.' });
    } catch (e) {
      setStatus({ ok: false, text: errorText(e, 'Data access could not be saved.') });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="4">
      <Text color="fg.muted" textStyle="sm">
        Declare only what your app needs: practices judge the minimum necessary from this before they buy.
      </Text>
      <Stack as="fieldset" gap="2">
        <Text as="legend" fontWeight="semibold">
          Features
        </Text>
        {catalogue.features.map((f) => (
          <HStack key={f.id} justify="space-between" gap="3">
            <label htmlFor={`da-${f.id}`}>
              {f.name}{' '}
              <Text as="span" color="fg.muted" textStyle="sm">
                ({f.table_count} tables)
              </Text>
            </label>
            <NativeSelect.Root size="sm" width="48">
              <NativeSelect.Field
                id={`da-${f.id}`}
                value={modes[f.id] ?? 'none'}
                onChange={(e) => setModes((m) => ({ ...m, [f.id]: e.target.value as Choice }))}
              >
                <option value="none">No access</option>
                <option value="read">Reads</option>
                <option value="write">Writes</option>
                <option value="read_write">Reads and writes</option>
              </NativeSelect.Field>
            </NativeSelect.Root>
          </HStack>
        ))}
      </Stack>
      {catalogue.event_types.length > 0 && (
        <Stack as="fieldset" gap="1">
          <Text as="legend" fontWeight="semibold">
            Event types your app subscribes to
          </Text>
          {catalogue.event_types.map((e) => (
            <label key={e.id}>
              <input
                type="checkbox"
                checked={events.has(e.id)}
                onChange={(ev) =>
                  setEvents((s) => {
                    const next = new Set(s);
                    if (ev.target.checked) next.add(e.id);
                    else next.delete(e.id);
                    return next;
                  })
                }
              />{' '}
              {e.id}
            </label>
          ))}
        </Stack>
      )}
      <label>
        <input type="checkbox" checked={baa} onChange={(e) => setBaa(e.target.checked)} /> We sign a Business Associate
        Agreement (BAA)
      </label>
      <Box>
        <label htmlFor="da-baa-url">BAA link (https)</label>
        <Input id="da-baa-url" value={baaUrl} onChange={(e) => setBaaUrl(e.target.value)} />
      </Box>
      {status && (
        <Text role={status.ok ? 'status' : 'alert'} color={status.ok ? 'green.700' : 'red.700'}>
          {status.text}
        </Text>
      )}
      <Button alignSelf="flex-start" colorPalette="brand" loading={saving} onClick={() => void save()}>
        Save data access
      </Button>
    </Stack>
  );
}
