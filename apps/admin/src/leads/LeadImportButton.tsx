import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useTranslate } from 'react-admin';

// The wizard and its tables load on the first click: most visits to the list never import.
const LeadImportDialog = lazy(() => import('./LeadImportDialog').then((module) => ({ default: module.LeadImportDialog })));

/** 导入 on the registrations list (docs/product/back-office.md#lead-import). */
export function LeadImportButton() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" startIcon={<UploadFileIcon />} onClick={() => setOpen(true)} aria-haspopup="dialog">
        {translate('aipm.lead_import.button')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <LeadImportDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
