import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import ViewListIcon from '@mui/icons-material/ViewList';
import { CRAWLER_OPS_PATHS } from '@aipm/contracts';
import { ListItemIcon, MenuItem } from '@mui/material';
import { Menu, useBasename, useSidebarState, useTranslate } from 'react-admin';
import { ADMIN_SECTIONS } from '../sections/adminSections';

/** The dashboard, the sections in the order of docs/product/back-office.md#menu, then the queue board. */
export function AdminMenu() {
  // Menu.Item links are absolute: prefix /admin like react-admin's own resource links do.
  const basename = useBasename();
  return (
    <Menu>
      <Menu.DashboardItem />
      {ADMIN_SECTIONS.map(({ path, labelKey, Icon }) => (
        <Menu.Item key={path} to={`${basename}/${path}`} primaryText={labelKey} leftIcon={<Icon />} />
      ))}
      <QueueBoardItem />
    </Menu>
  );
}

/**
 * The queue board one click away (docs/product/crawler.md#queue-board). A plain link, not a route of the back office:
 * the board is its own page (the API serves it and checks the administrator's session itself), opened in a new tab so
 * the section being worked on stays where it was.
 */
function QueueBoardItem() {
  const translate = useTranslate();
  const [open] = useSidebarState();
  return (
    <MenuItem component="a" href={CRAWLER_OPS_PATHS.queueBoard} target="_blank" rel="noopener" aria-label={translate('aipm.queue_board.opens_new_tab')} sx={{ color: 'text.secondary' }}>
      <ListItemIcon sx={{ minWidth: 5 }}>
        <ViewListIcon fontSize="small" />
      </ListItemIcon>
      {open && (
        <>
          {translate('aipm.queue_board.menu')}
          <OpenInNewIcon fontSize="inherit" sx={{ ml: 0.5 }} aria-hidden />
        </>
      )}
    </MenuItem>
  );
}
