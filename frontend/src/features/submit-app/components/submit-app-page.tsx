import { MSG } from '@shared/messages';
import { useEffect, useMemo, useState } from 'react';
import { LuZap } from 'react-icons/lu';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/page-spinner';
import { notifyError } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { useEditableApp } from '../api/get-editable-app';
import type { EditableApp } from '../types';
import { emptyValues, valuesFromApp } from '../utils/wizard-values';
import { QuickAppForm } from './quick-app-form';
import { AppWizard } from './wizard/app-wizard';

/**
 * /dashboard/submit-app. mode=simple, or mode=edit with simple=true: the quick form. Otherwise the
 * six-step wizard; mode=edit&appId={id} edits that app (loaded first; a failure goes back to My Apps).
 */
export function SubmitAppPage() {
  const [params] = useSearchParams();
  const mode = params.get('mode');
  const appId = mode === 'edit' ? params.get('appId') : null;
  const quick = mode === 'simple' || (mode === 'edit' && params.get('simple') === 'true');

  if (mode === 'edit' && !appId) return <Navigate to={paths.myApps} replace />;
  if (appId) return <EditApp appId={appId} quick={quick} />;
  if (quick)
    return (
      <>
        <PageHeader title="Quick Create" description="Register an app in seconds: a name and a type are enough." />
        <QuickAppForm />
      </>
    );
  return (
    <>
      <PageHeader
        title="Submit to Marketplace"
        description="List your app for dental practices in six steps. Reviews take 3 to 5 business days."
        links={[{ to: paths.quickCreate, icon: LuZap, label: 'Just register an app? Quick Create', look: 'ghost' }]}
      />
      <AppWizard initial={emptyValues()} />
    </>
  );
}

function EditApp({ appId, quick }: { appId: string; quick: boolean }) {
  const navigate = useNavigate();
  const { data: app, error, isValidating } = useEditableApp(appId);
  // The form starts from the app as the server has it now, not from an older cached copy.
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (app && !isValidating) setReady(true);
  }, [app, isValidating]);

  useEffect(() => {
    if (!error) return;
    notifyError(MSG.failedLoadAppData);
    navigate(paths.myApps, { replace: true });
  }, [error, navigate]);

  if (!app || !ready) return <PageSpinner label="Loading app..." />;
  if (quick)
    return (
      <>
        <PageHeader title="Edit App" description={app.name} />
        <QuickAppForm key={app.id} app={app} />
      </>
    );
  return (
    <>
      <PageHeader
        title="Edit Marketplace Listing"
        description={`${app.name}: changes are saved at once; on an approved app, changes to what the listing shows, its licensing or permissions go public once reviewed.`}
      />
      <EditWizard key={app.id} app={app} />
    </>
  );
}

function EditWizard({ app }: { app: EditableApp }) {
  const initial = useMemo(() => valuesFromApp(app), [app]);
  return <AppWizard initial={initial} appId={app.id} />;
}
