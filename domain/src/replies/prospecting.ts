import type { LatLngPrecision } from '../geography/positions';
import type { MessageView, OpportunityView, StatusView } from '../opportunities/views';
import type { ProspectFileRow } from '../prospects/file-views';
import type { ImportResult } from '../prospects/import-targets';

/**
 * /api/opportunity/get, setTodo, setWaiting, setWin, setLoose, updateContractuelle, updateProspect:
 * the opportunity as it now is.
 */
export type OpportunityReply = { opportunity: OpportunityView };

/** /api/opportunity/create: the prospect is now a TODO opportunity of the caller. */
export type OpportunityTakenReply = { opportunityId: string; state: 'TODO' };

/** /api/opportunity/addone, /api/opportunity/takeNext: the opportunity made. */
export type OpportunityCreatedReply = { opportunityId: string };

/** /api/opportunity/export/filter: the list as CSV text (`;`, French headers); absent when nothing matches. */
export type OpportunityExportReply = { csvString?: string };

/** /api/opportunity/status: the organisation's comment statuses. */
export type StatusesReply = { status: StatusView[] };

/** /api/messages/post: the comment as stored. */
export type PostedMessageReply = { message: MessageView };

/** /api/prospect/get/all: the ready files the caller may see, most recent first. */
export type ProspectFilesReply = { value: ProspectFileRow[] };

/** /api/prospect/createManual: the empty file made. */
export type ProspectFileCreatedReply = { excelId: string };

/** /api/prospect/setLatLng: the prospect's geocoded position, 'lat/lng', always at the address. */
export type LatLngReply = { latlng: string; latlngPrecision: LatLngPrecision };

/** /api/prospect/import/start: the batched import opened. */
export type ImportStartReply = { importId: string };

/** /api/prospect/import/rows: how many rows of the batch are stored. */
export type ImportRowsReply = { received: number };

/**
 * /api/prospect/load, /api/prospect/import/finish: the file made and what the import did; `excelId`
 * is null when no row was stored (no file is created).
 */
export type ImportReply = ImportResult;
