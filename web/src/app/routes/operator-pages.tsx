// The operators' area (/admin/...): the approval queue (their home), the
// accounts, the requested institutions and the audit log.
import { AccountsPage } from '@/features/admin/components/accounts-page';
import { ApprovalQueuePage } from '@/features/admin/components/approval-queue-page';
import { AuditLogPage } from '@/features/admin/components/audit-log-page';
import { InstitutionRequestsPage } from '@/features/admin/components/institution-requests-page';

export const AdminQueuePage = () => <ApprovalQueuePage />;
export const AdminAccountsPage = () => <AccountsPage />;
export const AdminInstitutionsPage = () => <InstitutionRequestsPage />;
export const AdminAuditPage = () => <AuditLogPage />;
