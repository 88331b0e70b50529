import { Download, Plus, Upload } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';

import { RouteLoading } from '@/components/ui/loading';
import { PageHeader, buttonClass } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { apiErrorMessage } from '@/lib/api-error-message';

import { ModalDialog } from '@/components/ui/modal-dialog';
import { LeadForm } from './lead-form';
import { LeadImportDialog } from './lead-import-dialog';
import { useCreateLeadMutation } from './leads.api';
import { useLeadsExport } from './leads-export';
import { LeadsPipeline } from './leads-pipeline';
import { useLeadsState, type LeadsTab } from './leads-query';

const TransactionsTab = lazy(() => import('./transactions/transactions-tab'));

const tabClass = (active: boolean) =>
  `rounded-t-lg border-b-2 px-4 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600 ${
    active
      ? 'border-indigo-600 text-indigo-700 dark:border-indigo-400 dark:text-indigo-300'
      : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-slate-100'
  }`;

function Tabs({ tab }: { tab: LeadsTab }) {
  return (
    <nav
      aria-label="Leads sections"
      className="mb-4 border-b border-slate-200 dark:border-slate-700"
    >
      <ul className="flex gap-1">
        <li>
          <Link
            to={paths.leads}
            className={tabClass(tab === 'pipeline')}
            aria-current={tab === 'pipeline' ? 'page' : undefined}
          >
            Pipeline
          </Link>
        </li>
        <li>
          <Link
            to={`${paths.leads}?tab=transactions`}
            className={tabClass(tab === 'transactions')}
            aria-current={tab === 'transactions' ? 'page' : undefined}
          >
            Transactions
          </Link>
        </li>
      </ul>
    </nav>
  );
}

/** A new lead, typed in by hand; it opens in its panel once saved. */
function NewLeadDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (id: string) => void;
}) {
  const [create] = useCreateLeadMutation();
  return (
    <ModalDialog open={open} onOpenChange={onOpenChange} width="3xl" title="New lead">
      <LeadForm
        submitLabel="Create lead"
        onCancel={() => onOpenChange(false)}
        onSubmit={async (body) => {
          const result = await create(body);
          if ('error' in result)
            return apiErrorMessage(result.error, 'Could not create the lead. Try again.');
          onCreated(result.data.id);
          return null;
        }}
      />
    </ModalDialog>
  );
}

/** /leads: the pipeline (board or table) and, on its own tab, the transactions. */
export default function LeadsPage() {
  const { state, setParams } = useLeadsState();
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const csv = useLeadsExport();

  const download = async () => {
    setExportError(null);
    if (!(await csv.download(state.filters)))
      setExportError('Could not export the leads. Try again.');
  };

  return (
    <>
      <PageHeader
        title="Leads"
        description="Every client conversation from the first reply to the money in the bank."
        actions={
          state.tab === 'pipeline' ? (
            <>
              <button
                type="button"
                className={buttonClass.primary}
                onClick={() => setCreating(true)}
              >
                <Plus className="size-4" aria-hidden="true" /> New lead
              </button>
              <button
                type="button"
                className={buttonClass.secondary}
                onClick={() => setImporting(true)}
              >
                <Upload className="size-4" aria-hidden="true" /> Import CSV
              </button>
              <button
                type="button"
                className={buttonClass.secondary}
                onClick={() => void download()}
                disabled={csv.exporting}
              >
                <Download className="size-4" aria-hidden="true" /> Export CSV
              </button>
            </>
          ) : null
        }
      />
      <Tabs tab={state.tab} />
      {state.tab === 'transactions' ? (
        <Suspense fallback={<RouteLoading />}>
          <TransactionsTab />
        </Suspense>
      ) : (
        <LeadsPipeline
          state={state}
          setParams={setParams}
          onNew={() => setCreating(true)}
          onImport={() => setImporting(true)}
          notice={
            exportError ? (
              <p role="alert" className="mb-3 text-sm text-rose-700 dark:text-rose-300">
                {exportError}
              </p>
            ) : null
          }
        />
      )}
      {creating ? (
        <NewLeadDialog
          open
          onOpenChange={setCreating}
          onCreated={(id) => {
            setCreating(false);
            setParams({ lead: id });
          }}
        />
      ) : null}
      {importing ? <LeadImportDialog open onOpenChange={setImporting} /> : null}
    </>
  );
}
