import { Trash2, Trophy } from 'lucide-react';
import { useState } from 'react';

import { FormStatus } from '@/components/ui/form-feedback';
import { buttonClass } from '@/components/ui/page';
import { LEAD_STAGE_LABELS, type Lead, type UpdateLeadBody } from '@/contract/leads';
import { apiErrorMessage } from '@/lib/api-error-message';

import { LeadConvertDialog } from './lead-convert-dialog';
import { LeadClient, LeadLinks } from './lead-detail-links';
import { LeadTimeline } from './lead-detail-timeline';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { LeadForm, leadBodyOf, leadFormDefaults } from './lead-form';
import { leadName } from './lead-board-logic';
import { useLeadQuery, useUpdateLeadMutation } from './leads.api';

/**
 * Only the fields the person changed: an untouched probability then still follows the stage, and
 * two people editing different fields do not undo each other.
 */
export function changedFields(lead: Lead, body: ReturnType<typeof leadBodyOf>): UpdateLeadBody {
  const before = leadBodyOf(leadFormDefaults(lead));
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(body) as Array<keyof typeof body>) {
    if (JSON.stringify(body[key]) !== JSON.stringify(before[key])) changes[key] = body[key];
  }
  return changes as UpdateLeadBody;
}

function PanelBody({ lead, onDelete }: { lead: Lead; onDelete: (lead: Lead) => void }) {
  const [update] = useUpdateLeadMutation();
  const [saved, setSaved] = useState<string | null>(null);
  const [converting, setConverting] = useState(false);
  const save = async (body: ReturnType<typeof leadBodyOf>) => {
    const changes = changedFields(lead, body);
    if (Object.keys(changes).length === 0) {
      setSaved('Nothing to save.');
      return null;
    }
    const result = await update({ id: lead.id, body: changes });
    if ('error' in result)
      return apiErrorMessage(result.error, 'Could not save the lead. Try again.');
    setSaved('Saved.');
    return null;
  };
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <span className="rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-medium text-indigo-800 dark:bg-indigo-900 dark:text-indigo-100">
          {LEAD_STAGE_LABELS[lead.stage]}
        </span>
        {lead.jobTitle ? (
          <span className="text-sm text-slate-600 dark:text-slate-300">{lead.jobTitle}</span>
        ) : null}
        <span className="flex-1" />
        {lead.stage === 'won' && !lead.clientId ? (
          <button type="button" className={buttonClass.primary} onClick={() => setConverting(true)}>
            <Trophy className="size-4" aria-hidden="true" /> Convert
          </button>
        ) : null}
        <button type="button" className={buttonClass.secondary} onClick={() => onDelete(lead)}>
          <Trash2 className="size-4" aria-hidden="true" /> Delete
        </button>
      </div>
      <LeadForm key={lead.updatedAt} lead={lead} submitLabel="Save changes" onSubmit={save} />
      <FormStatus>{saved}</FormStatus>
      {converting ? (
        <LeadConvertDialog
          lead={lead}
          open
          onOpenChange={setConverting}
          onConverted={() => {
            setConverting(false);
            setSaved('Converted: the client and its contract are below.');
          }}
        />
      ) : null}
    </>
  );
}

/** The lead's panel (?lead=<id>): its fields, client, links and timeline; delete and convert. */
export function LeadDetailPanel({
  leadId,
  onClose,
  onDelete,
}: {
  leadId: string;
  onClose: () => void;
  onDelete: (lead: Lead) => void;
}) {
  const detail = useLeadQuery(leadId);
  const data = detail.data;
  const title = data ? leadName(data.lead) : detail.isError ? 'Lead' : 'Loading…';
  return (
    <ModalDialog
      open
      width="3xl"
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
    >
      {detail.isLoading ? (
        <div role="status" className="h-40 animate-pulse rounded-lg bg-slate-100 dark:bg-slate-800">
          <span className="sr-only">Loading the lead…</span>
        </div>
      ) : null}
      {detail.isError && !data ? (
        <p role="alert" className="text-sm">
          {apiErrorMessage(detail.error, 'Could not load the lead.')}{' '}
          <button type="button" className="underline" onClick={() => void detail.refetch()}>
            Retry
          </button>
        </p>
      ) : null}
      {data ? (
        <div className="space-y-6">
          <PanelBody lead={data.lead} onDelete={onDelete} />
          <LeadClient detail={data} />
          <LeadLinks links={data.links} />
          <LeadTimeline leadId={data.lead.id} events={data.events} />
        </div>
      ) : null}
    </ModalDialog>
  );
}
