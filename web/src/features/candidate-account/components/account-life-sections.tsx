// What the candidate decides about the account itself: sharing the profile
// at its public address, downloading their data, deactivating the account
// (undone by logging in again) and deleting it for good.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TextField } from '@/components/form/text-field';
import { ConfirmDialog, Dialog } from '@/components/ui/dialog';
import { ValueQueryState } from '@/components/ui/query-state';
import { SettingsSection } from '@/components/ui/settings-section';
import { buildPath, paths } from '@/config/paths';
import { serverFieldErrors } from '@/lib/form/server-errors';
import { useRuleMessage } from '@/lib/form/use-rule-message';
import { showToast } from '@/lib/toasts';
import { downloadExport, useDeactivate, useErase, useSetSharing, useSharing } from '../api/account-calls';

export function SharingSection() {
  const { t } = useTranslation('account');
  const sharing = useSharing();
  const setSharing = useSetSharing();
  return (
    <SettingsSection name="account-sharing" title={t('sharing.title')}>
      <ValueQueryState query={sharing} className="account-section__state">
        {({ slug, is_public: isPublic }) => {
          const path = buildPath(paths.publicProfile, { slug });
          return (
            <>
              <p data-testid="sharing-status">{t(isPublic ? 'sharing.on' : 'sharing.off')}</p>
              {isPublic && (
                <p>
                  {t('sharing.address')} <Link to={path}>{`${window.location.origin}${path}`}</Link>
                </p>
              )}
              <button
                type="button"
                className={isPublic ? 'button button--secondary' : 'button button--primary'}
                disabled={setSharing.isPending}
                onClick={() => setSharing.mutate(!isPublic)}
                data-testid="sharing-toggle"
              >
                {t(isPublic ? 'sharing.unshare' : 'sharing.share')}
              </button>
            </>
          );
        }}
      </ValueQueryState>
    </SettingsSection>
  );
}

function EraseDialog({ candidateId, onClose }: { candidateId: number; onClose: () => void }) {
  const { t } = useTranslation('account');
  const ruleMessage = useRuleMessage();
  const erase = useErase(candidateId);
  const [password, setPassword] = useState('');
  const messageId = useId();
  const fieldError = serverFieldErrors(erase.error)?.password?.[0];
  return (
    <Dialog title={t('erase.title')} onClose={onClose} role="alertdialog" size="narrow" describedBy={messageId} testId="erase-dialog">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          erase.mutate(password, { onError: (error) => !serverFieldErrors(error) && showToast(t('failed'), 'error') });
        }}
      >
        <p id={messageId}>{t('erase.warning')}</p>
        <TextField
          id="erase-password"
          label={t('erase.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={ruleMessage(fieldError)}
        />
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose} data-autofocus>
            {t('cancel')}
          </button>
          <button type="submit" className="button button--danger" disabled={erase.isPending || password === ''}>
            {t('erase.confirm')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

export function DataSection({ candidateId }: { candidateId: number }) {
  const { t } = useTranslation('account');
  const deactivate = useDeactivate(candidateId);
  const [downloading, setDownloading] = useState(false);
  const [asking, setAsking] = useState<'deactivate' | 'erase' | null>(null);
  return (
    <SettingsSection name="account-data" title={t('data.title')}>
      <h3>{t('data.exportTitle')}</h3>
      <p>{t('data.exportHint')}</p>
      <button
        type="button"
        className="button button--secondary"
        disabled={downloading}
        data-testid="export-data"
        onClick={() => {
          setDownloading(true);
          void downloadExport(candidateId).finally(() => setDownloading(false));
        }}
      >
        {t(downloading ? 'data.exporting' : 'data.export')}
      </button>
      <h3>{t('deactivate.title')}</h3>
      <p>{t('deactivate.hint')}</p>
      <button type="button" className="button button--secondary" onClick={() => setAsking('deactivate')} data-testid="deactivate">
        {t('deactivate.button')}
      </button>
      <h3>{t('erase.title')}</h3>
      <p>{t('erase.hint')}</p>
      <button type="button" className="button button--danger" onClick={() => setAsking('erase')} data-testid="erase">
        {t('erase.button')}
      </button>
      {asking === 'deactivate' && (
        <ConfirmDialog
          title={t('deactivate.title')}
          message={t('deactivate.confirmText')}
          confirmLabel={t('deactivate.confirm')}
          cancelLabel={t('cancel')}
          busy={deactivate.isPending}
          onConfirm={() => deactivate.mutate()}
          onCancel={() => setAsking(null)}
        />
      )}
      {asking === 'erase' && <EraseDialog candidateId={candidateId} onClose={() => setAsking(null)} />}
    </SettingsSection>
  );
}
