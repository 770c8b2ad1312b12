import type { TranscriptResponse } from '@shared/schemas/transcripts';
import { useQuery } from '@tanstack/react-query';
import { useAccount } from '../auth';
import { studentQueries } from '../student';
import { DegreeProgressPanel, DegreeProgressSignIn } from './degree-progress-panel';

const LOGIN_HREF = `/student/login?redirect=${encodeURIComponent('/search?transcript=resume')}`;

/**
 * Under the transcript report: degree progress for a signed-in student's analysed transcript (their intended major's
 * program first, their favorites to compare with); a visitor is told what signing in adds. Not for a sample.
 */
export function TranscriptDegreeProgress({ report, sample }: { report: TranscriptResponse; sample: boolean }) {
  const { data: account, isPending } = useAccount();
  const isStudent = Boolean(account?.roles.includes('student'));
  const me = useQuery({ ...studentQueries.me(), enabled: isStudent });
  if (sample || report.status !== 'done' || !report.destination || report.rows.length === 0 || isPending) return null;
  if (!isStudent) return <DegreeProgressSignIn loginHref={LOGIN_HREF} />;
  if (!me.data) return null;
  return (
    <DegreeProgressPanel
      transcriptId={report.id}
      destination={{ id: report.destination.id, name: report.destination.name }}
      intendedMajor={me.data.profile.intendedMajor}
      favorites={me.data.favorites.map((favorite) => favorite.school)}
    />
  );
}
