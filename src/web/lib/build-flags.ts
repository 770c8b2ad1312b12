import { publicConfig } from './public-config';

/** The spec's build flags, shown on /__debug. */
export const buildFlags = {
  /** Student Portal link shown unless this is 0. */
  VITE_STUDENT_PORTAL: publicConfig.studentPortalEnabled ? '1' : '0',
  /** Transcripts go to the real server (the spec's "use server" flag, on in this build). */
  VITE_USE_TRANSCRIPT_SERVER: '1',
  MODE: import.meta.env.MODE,
  VERSION: import.meta.env.VITE_APP_VERSION ?? 'dev',
} as const;
