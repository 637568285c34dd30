import { Menu, useBasename } from 'react-admin';
import { ADMIN_SECTIONS } from '../sections/adminSections';

/** Dashboard plus the seven areas of spec §2, in the spec's order. */
export function AdminMenu() {
  // Menu.Item links are absolute: prefix /admin like react-admin's own resource links do.
  const basename = useBasename();
  return (
    <Menu>
      <Menu.DashboardItem />
      {ADMIN_SECTIONS.map(({ path, labelKey, Icon }) => (
        <Menu.Item key={path} to={`${basename}/${path}`} primaryText={labelKey} leftIcon={<Icon />} />
      ))}
    </Menu>
  );
}
