import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button } from '@mui/material';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslate } from 'react-admin';

// The wizard and its tables load on the first click: most visits to the list never import.
const LeadImportDialog = lazy(() => import('./LeadImportDialog').then((module) => ({ default: module.LeadImportDialog })));

/**
 * 导入 on the registrations list (docs/product/back-office.md#lead-import): the button, and the wizard it opens. The
 * button sits in the list's toolbar, or in its empty state when the list has no lead at all, and an import (or its
 * undo) moves it from one to the other; the wizard is rendered beside the list by its caller, so it stays open.
 */
export function useLeadImport(): { button: ReactNode; dialog: ReactNode } {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return {
    button: (
      <Button size="small" startIcon={<UploadFileIcon />} onClick={() => setOpen(true)} aria-haspopup="dialog">
        {translate('aipm.lead_import.button')}
      </Button>
    ),
    dialog: open && (
      <Suspense fallback={null}>
        <LeadImportDialog onClose={() => setOpen(false)} />
      </Suspense>
    ),
  };
}
