// The footer's "source code" link: the AGPL-3.0 (section 13) asks a public server to offer
// its users the source of the code it runs. The address is the deployment's
// (VIVIER_SOURCE_CODE_URL); without one the link is not drawn.
import { useTranslation } from 'react-i18next';
import { useClientConfig } from '@/lib/client-config';

export function SourceCodeLink() {
  const { t } = useTranslation('legal');
  const url = useClientConfig().data?.source_code_url;
  if (!url) return null;
  return (
    <a href={url} rel="noopener" data-testid="source-code-link">
      {t('sourceCode')}
    </a>
  );
}
