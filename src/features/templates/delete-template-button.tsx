import { Trash2 } from 'lucide-react';
import { useState } from 'react';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { buttonClass } from '@/components/ui/page';

/** "Delete" in the template editor: asks first, in the app's own dialog, then hands over. */
export function DeleteTemplateButton({ name, onConfirm }: { name: string; onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={buttonClass.secondary} onClick={() => setOpen(true)}>
        <Trash2 className="size-4" aria-hidden="true" /> Delete
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Delete the template “${name}”?`}
        description="Responses that used it keep their text. You can undo this for a few seconds."
        confirmLabel="Delete template"
        destructive
        onConfirm={() => {
          setOpen(false);
          onConfirm();
        }}
      />
    </>
  );
}
