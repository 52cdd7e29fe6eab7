// The status a lead's request asks for (the owner's and the admins' routes alike), or a 400.
import 'server-only';
import { LEAD_STATUS_REFUSED, isLeadStatus, type LeadStatus } from '../../lib/lead-status';
import { badField } from './respond';

export function leadStatusParam(body: unknown): LeadStatus {
  const status: unknown = (body as { status?: unknown } | null)?.status;
  if (!isLeadStatus(status)) throw badField('status', LEAD_STATUS_REFUSED);
  return status;
}
