/** Appeals as the web app shows them: the status words and badge colours every page uses. */
export { APPEAL_STATUS_BADGE_STYLES, APPEAL_STATUSES, appealStatusText, appealStatusTitle, type AppealStatus } from './appeal-status';
