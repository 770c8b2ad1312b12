/** Announcements: posted by staff, read by students on their hub. */
export { AnnouncementForm } from './announcement-form';
export { announcementQueries, useDeleteAnnouncement } from './announcement-queries';
