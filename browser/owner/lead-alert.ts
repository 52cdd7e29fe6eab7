// The admin's alert of the company's new leads, through karta's server (app/api/owner/companies/
// [id]/lead-alert).
import type { LeadAlert } from '../../lib/lead-alert';
import { ownerJson } from './owner-api';

const endpoint = (id: string) => `/api/owner/companies/${encodeURIComponent(id)}/lead-alert`;

export async function readLeadAlert(id: string): Promise<LeadAlert> {
  return (await ownerJson<{ alert: LeadAlert }>(endpoint(id), { method: 'GET' })).alert;
}

export async function saveLeadAlert(id: string, alert: LeadAlert): Promise<LeadAlert> {
  return (await ownerJson<{ alert: LeadAlert }>(endpoint(id), { method: 'PUT', json: { alert } }))
    .alert;
}
