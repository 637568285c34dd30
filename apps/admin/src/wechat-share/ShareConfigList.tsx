import type { WechatShareConfigResponse } from '@aipm/contracts';
import ShareIcon from '@mui/icons-material/Share';
import { Box, type Theme, Typography, useMediaQuery } from '@mui/material';
import { CreateButton, DataTable, List, SearchInput, SimpleList, TopToolbar, useTranslate } from 'react-admin';

import { LeadDate } from '../leads/LeadDate';
import { NotificationSettingsTabs } from './NotificationSettingsTabs';

const Column = DataTable.Col<WechatShareConfigResponse>;
const FILTERS = [<SearchInput key="q" source="q" alwaysOn />];

function Empty() {
  const translate = useTranslate();
  return (
    <Box sx={{ py: 6, px: 2, textAlign: 'center', color: 'text.secondary' }} data-testid="share-empty">
      <ShareIcon sx={{ fontSize: 56, opacity: 0.5 }} />
      <Typography variant="h6" component="p" sx={{ mb: 2 }}>
        {translate('aipm.wechat_share.empty')}
      </Typography>
      <CreateButton variant="contained" />
    </Box>
  );
}

function Thumbnail({ url }: { url: string }) {
  // Decorative: the URL is the next column and the title says what the page is.
  return <Box component="img" src={url} alt="" loading="lazy" sx={{ width: 48, height: 48, objectFit: 'cover', borderRadius: 1, display: 'block' }} />;
}

/**
 * The wechat_share_config rows of docs/product/wechat.md#share-settings-screen: one per page, searchable by page,
 * title and description.
 */
export function ShareConfigList() {
  const translate = useTranslate();
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <>
      <NotificationSettingsTabs current="wechat-share-configs" />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('aipm.wechat_share.intro')}
      </Typography>
      <List filters={FILTERS} sort={{ field: 'updatedAt', order: 'DESC' }} perPage={25} exporter={false} empty={<Empty />} actions={<TopToolbar><CreateButton /></TopToolbar>}>
        {small ? (
          <SimpleList<WechatShareConfigResponse>
            rowClick="edit"
            primaryText={(record) => record.title}
            secondaryText={(record) => <Box component="span" sx={{ overflowWrap: 'anywhere' }}>{record.pageUrl}</Box>}
            leftAvatar={(record) => <Thumbnail url={record.imageUrl} />}
          />
        ) : (
          <DataTable<WechatShareConfigResponse> rowClick="edit" bulkActionButtons={false}>
            <Column source="imageUrl" disableSort label="aipm.wechat_share.preview" render={(record) => <Thumbnail url={record.imageUrl} />} />
            <Column source="pageUrl" cellSx={() => ({ overflowWrap: 'anywhere', maxWidth: 260 })} />
            <Column source="title" />
            <Column source="description" disableSort cellSx={() => ({ maxWidth: 320 })} />
            <Column source="updatedAt" render={(record) => <LeadDate value={record.updatedAt} />} />
          </DataTable>
        )}
      </List>
    </>
  );
}
