import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';

import { LegalPlaceholder, legalPageTitle } from '~/components/LegalPlaceholder';
import { i18nServer } from '~/i18n/i18next.server';
import { pageMeta, type PageMeta } from '~/i18n/page-meta';

export async function loader({ request }: LoaderFunctionArgs): Promise<PageMeta> {
  const t = await i18nServer.getFixedT(request);
  return { title: legalPageTitle(t, 'legal.termsOfService') };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export default function TermsOfService() {
  return <LegalPlaceholder titleKey="legal.termsOfService" />;
}
