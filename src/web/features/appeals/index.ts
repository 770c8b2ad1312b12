/** Appeals as the web app shows them: the status words and badge colours every page uses. */
export {
  APPEAL_STATUS_BADGE_STYLES,
  APPEAL_STATUSES,
  appealOutcomeText,
  appealStatusText,
  appealStatusTitle,
  isAppealOverdue,
  type AppealStatus,
} from './appeal-status';
