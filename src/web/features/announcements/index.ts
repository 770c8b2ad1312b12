/** Announcements: posted by staff, read by students on their hub. */
export { AnnouncementForm } from './announcement-form';
export { announcementQueries, useDeleteAnnouncement, usePostAnnouncement } from './announcement-queries';
