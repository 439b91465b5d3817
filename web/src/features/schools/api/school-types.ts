// The school area's types: aliases of the server's schemas, never written by hand.
import type { Schemas } from '@/api/schemas';

export type Campus = Schemas['CampusView'];
export type Program = Schemas['ProgramView'];
export type CampusRequest = Schemas['CampusRequest'];
export type CampusCandidate = Schemas['CampusCandidate'];
export type CampusCandidatesPage = Schemas['CampusCandidatesPage'];
export type CampusCandidateRequest = Schemas['CampusCandidateRequest'];
export type CampusCandidateOutcome = Schemas['CampusCandidateOutcome'];
export type ImportReport = Schemas['ImportReport'];
export type ImportProblem = Schemas['ImportProblem'];
export type SchoolStatistics = Schemas['SchoolStatistics'];
export type NamedCount = Schemas['NamedCount'];
export type SchoolProfile = Schemas['SchoolProfile'];
export type SchoolProfileRequest = Schemas['SchoolProfileRequest'];
export type Institution = Schemas['InstitutionView'];
export type MonthlyOutcomes = Schemas['MonthlyOutcomes'];
