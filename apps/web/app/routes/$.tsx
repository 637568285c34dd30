import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';

import { NotFound } from '~/components/NotFound';
import { requestTranslator } from '~/i18n/translations.server';
import { pageMeta } from '~/i18n/page-meta';

/** Every path no other route claims: rendered normally, but with HTTP 404. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { t } = await requestTranslator(request);
  return data({ title: t('notFound.title') }, { status: 404 });
}

export const meta: MetaFunction<typeof loader> = ({ data: meta }) => pageMeta(meta);

export default function CatchAll() {
  return <NotFound />;
}
