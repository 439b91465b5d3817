// The operator API's types, as aliases of the server's schemas (never written by hand).
import type { Schemas } from '@/api/schemas';

export type AccountStanding = Schemas['AccountStanding'];
export type AccountRole = Schemas['Role'];
export type AdminAccount = Schemas['AdminAccount'];
export type AdminAccountList = Schemas['AdminAccountList'];
export type StandingChange = Schemas['StandingChange'];
export type InstitutionRequestView = Schemas['InstitutionRequestView'];
export type InstitutionRequestList = Schemas['InstitutionRequestList'];
export type InstitutionAcceptance = Schemas['InstitutionAcceptance'];
export type InstitutionView = Schemas['InstitutionView'];
export type AuditAction = Schemas['AuditAction'];
export type AuditEvent = Schemas['AuditEvent'];
export type AuditEventList = Schemas['AuditEventList'];
