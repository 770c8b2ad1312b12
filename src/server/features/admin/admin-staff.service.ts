/** The admin's announcements and partner connections: every change written to the audit log in its transaction. */
import type { Announcement, PartnerKey } from '../../../shared/schemas/admin';
import { recordAudit, type AuditEntry } from '../../audit/audit-log';
import type { Database, Queryable } from '../../db/client';
import { notFound } from '../../domain-errors';
import { deleteAnnouncement, insertAnnouncement, listAnnouncements, listPartners, togglePartner } from './admin-staff.queries';

export interface StaffActor {
  id: string;
  email: string;
  ipAddress: string;
}

/** Does `change` and records it, in one transaction. */
async function audited<T>(db: Database, actor: StaffActor, change: (tx: Queryable) => Promise<{ result: T; audit: Omit<AuditEntry, 'actor' | 'ipAddress'> }>): Promise<T> {
  return db.transaction(async (tx) => {
    const { result, audit } = await change(tx);
    await recordAudit(tx, { ...audit, actor: { id: actor.id, email: actor.email }, ipAddress: actor.ipAddress });
    return result;
  });
}

export async function postAnnouncement(db: Database, actor: StaffActor, input: { title: string; body: string; published?: boolean }): Promise<Announcement | undefined> {
  const id = await audited(db, actor, async (tx) => {
    const newId = await insertAnnouncement(tx, { title: input.title, body: input.body, published: input.published ?? true, authorId: actor.id });
    return { result: newId, audit: { action: 'announcement_posted', subjectType: 'announcement', subjectId: newId, details: { title: input.title } } };
  });
  return (await listAnnouncements(db)).find((item) => item.id === id);
}

export async function removeAnnouncement(db: Database, actor: StaffActor, id: string): Promise<void> {
  await audited(db, actor, async (tx) => {
    const deleted = await deleteAnnouncement(tx, id);
    if (!deleted) throw notFound('No such announcement.');
    return { result: undefined, audit: { action: 'announcement_deleted', subjectType: 'announcement', subjectId: id, details: { title: deleted.title } } };
  });
}

/** Connects a partner, or disconnects a connected one. */
export async function togglePartnerConnection(db: Database, actor: StaffActor, partner: PartnerKey) {
  const status = await audited(db, actor, async (tx) => {
    const next = await togglePartner(tx, partner, actor.id);
    return { result: next, audit: { action: 'partner_connection_changed', subjectType: 'partner', subjectId: partner, details: { status: next } } };
  });
  return { status, partner: (await listPartners(db)).find((item) => item.partner === partner) };
}
