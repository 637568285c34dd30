import { SHARE_LIMITS } from '@aipm/contracts';
import { Box, Typography } from '@mui/material';
import { Create, Edit, SimpleForm, TextInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';

import { NotificationSettingsTabs } from './NotificationSettingsTabs';
import { SHARE_VALIDATION } from './shareValidation';

/** "37/100 characters" under a bounded field, so the limit is seen before the error. */
function Counter({ source, max }: { source: string; max: number }) {
  const translate = useTranslate();
  const value = useWatch({ name: source }) as string | undefined;
  return <>{translate('aipm.wechat_share.characters', { count: value?.length ?? 0, max })}</>;
}

function ImagePreview() {
  const translate = useTranslate();
  const url = useWatch({ name: 'imageUrl' }) as string | undefined;
  if (!url || !/^https?:\/\//.test(url)) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {translate('aipm.wechat_share.preview')}
      </Typography>
      <Box component="img" src={url} alt={translate('aipm.wechat_share.preview')} sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider' }} />
    </Box>
  );
}

/**
 * A URL keyboard on phones without type="url": the browser's own URL check would block the form with its
 * wording before the form's own (docs/product/wechat.md#share-settings-rules) could show.
 */
const URL_INPUT = { inputMode: 'url', autoCapitalize: 'off', spellCheck: false } as const;

function ShareConfigFields() {
  return (
    <SimpleForm>
      <TextInput source="pageUrl" slotProps={{ htmlInput: URL_INPUT }} fullWidth validate={SHARE_VALIDATION.pageUrl} helperText="aipm.wechat_share.page_url_help" />
      <TextInput source="title" fullWidth validate={SHARE_VALIDATION.title} helperText={<Counter source="title" max={SHARE_LIMITS.title} />} />
      <TextInput
        source="description"
        fullWidth
        multiline
        minRows={3}
        validate={SHARE_VALIDATION.description}
        helperText={<Counter source="description" max={SHARE_LIMITS.description} />}
      />
      <TextInput source="imageUrl" slotProps={{ htmlInput: URL_INPUT }} fullWidth validate={SHARE_VALIDATION.imageUrl} helperText="aipm.wechat_share.image_url_help" />
      <ImagePreview />
    </SimpleForm>
  );
}

/** A new page's share settings; the home page is the usual first one. */
export function ShareConfigCreate() {
  return (
    <>
      <NotificationSettingsTabs current="wechat-share-configs" />
      <Create redirect="list" record={{ pageUrl: `${window.location.origin}/` }}>
        <ShareConfigFields />
      </Create>
    </>
  );
}

export function ShareConfigEdit() {
  return (
    <>
      <NotificationSettingsTabs current="wechat-share-configs" />
      {/* Pessimistic: a refused change (duplicate page, docs/product/wechat.md#share-settings-rules) stays in the
          form with its message. */}
      <Edit redirect="list" mutationMode="pessimistic">
        <ShareConfigFields />
      </Edit>
    </>
  );
}
