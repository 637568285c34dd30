import { isMaskedPhone, type PersonRecordResource } from '@aipm/contracts';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { Box, Button } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AdminDataProvider } from '../data/dataProvider';

/**
 * A phone as the API sends it, masked (PIPL), with a button that shows it in full: the API records each reveal
 * in the audit log, so it is asked for one record at a time and never kept beyond this page.
 */
export function RevealablePhone({ phone, resource, id }: { phone: string; resource: PersonRecordResource; id: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [full, setFull] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  if (!isMaskedPhone(phone)) return <span>{phone}</span>;

  const reveal = async () => {
    setPending(true);
    try {
      setFull(await dataProvider.revealPhone({ resource, id }));
    } catch (error) {
      notify('aipm.people.reveal.failed', { type: 'error', messageArgs: { message: error instanceof Error ? translate(error.message, { _: error.message }) : String(error) } });
    } finally {
      setPending(false);
    }
  };
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }} aria-live="polite">
        {full ?? phone}
      </Box>
      {full === null ? (
        <Button size="small" startIcon={<VisibilityIcon />} onClick={() => void reveal()} disabled={pending} aria-label={translate('aipm.people.reveal.label')}>
          {translate('aipm.people.reveal.button')}
        </Button>
      ) : (
        <Button size="small" startIcon={<VisibilityOffIcon />} onClick={() => setFull(null)} aria-label={translate('aipm.people.reveal.hide_label')}>
          {translate('aipm.people.reveal.hide')}
        </Button>
      )}
    </Box>
  );
}
