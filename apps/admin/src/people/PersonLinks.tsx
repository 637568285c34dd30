import PeopleIcon from '@mui/icons-material/People';
import { Button, Chip } from '@mui/material';
import { useBasename, useRecordContext, useResourceContext, useTranslate } from 'react-admin';
// react-router's Link holds a ref, as MUI's `component` needs (react-admin's does not).
import { Link } from 'react-router-dom';
import { personPagePath, personResourceOf } from './personResource';

/** On a registration's, message's or student's page: to the person page of whoever the record names. */
export function PersonPageButton() {
  const translate = useTranslate();
  const resource = useResourceContext() ?? '';
  const record = useRecordContext<{ id: string }>();
  const basename = useBasename();
  if (!record || !personResourceOf(resource)) return null;
  return (
    <Button size="small" startIcon={<PeopleIcon />} component={Link} to={basename + personPagePath(resource, record.id)} data-testid="person-page-link">
      {translate('aipm.people.page.open')}
    </Button>
  );
}

/** On the lead lists: to 疑似重复, the likely duplicates and their merge (docs/product/back-office.md#duplicates). */
export function DuplicatesButton() {
  const translate = useTranslate();
  const basename = useBasename();
  return (
    <Button size="small" startIcon={<PeopleIcon />} component={Link} to={`${basename}/people/duplicates`} data-testid="duplicates-link">
      {translate('aipm.people.duplicates.open')}
    </Button>
  );
}

/**
 * A list row's "3 条记录": its person has more records than this one (the API counts them with the page). In a table
 * row, a link of its own: it opens the person page, not the row's. In a phone's card, which is a link already, a
 * plain label (no link inside a link); the lead's page has the person page's button.
 */
export function PersonRecordsChip({ count, resource, id, linked = true }: { count: number | undefined; resource: string; id: string; linked?: boolean }) {
  const translate = useTranslate();
  const basename = useBasename();
  if (!count || count < 2) return null;
  if (!linked) return <Chip size="small" variant="outlined" color="info" label={translate('aipm.people.page.records_chip', { count })} data-testid="person-records" />;
  return (
    <Chip
      size="small"
      variant="outlined"
      color="info"
      clickable
      component={Link}
      to={basename + personPagePath(resource, id)}
      onClick={(event: React.MouseEvent) => event.stopPropagation()}
      label={translate('aipm.people.page.records_chip', { count })}
      aria-label={translate('aipm.people.page.records_chip_label', { count })}
      data-testid="person-records"
    />
  );
}
