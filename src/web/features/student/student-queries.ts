import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  addFavorites,
  analyzeTranscript,
  deleteTranscript,
  fetchComparison,
  fetchStudentAppeal,
  fetchStudentMe,
  keepUnreadableTranscript,
  markAppealCenterSeen,
  removeFavorite,
  saveProfile,
  submitAppeal,
  uploadTranscript,
} from './student-api';

/** The signed-in student's own records, one query-options factory per resource; each key is written once, here. */
const STUDENT = ['student'] as const;

export const studentQueries = {
  all: STUDENT,
  /** Profile, favorites, transcripts and appeals (`/api/student/me`). */
  me: () => queryOptions({ queryKey: [...STUDENT, 'me'] as const, queryFn: ({ signal }) => fetchStudentMe(signal) }),
  appeal: (id: string) =>
    queryOptions({ queryKey: [...STUDENT, 'appeals', id] as const, retry: false, queryFn: ({ signal }) => fetchStudentAppeal(id, signal) }),
  /** How the latest analysed transcript fares at two favorites. */
  comparison: (a: string, b: string) =>
    queryOptions({ queryKey: [...STUDENT, 'comparison', a, b] as const, retry: false, queryFn: ({ signal }) => fetchComparison(a, b, signal) }),
};

/** Known schools matching what a student typed (the favorites picker); the list changes only with the catalogue. */

/** A change to the student's records: when it succeeds, everything cached about the student is read again. */
function useStudentMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: STUDENT }) });
}

export const useSaveProfile = () => useStudentMutation(saveProfile);
export const useAddFavorites = () => useStudentMutation(addFavorites);
export const useRemoveFavorite = () => useStudentMutation(removeFavorite);
export const useUploadTranscript = () => useStudentMutation(uploadTranscript);
export const useDeleteTranscript = () => useStudentMutation(deleteTranscript);
export const useKeepUnreadableTranscript = () => useStudentMutation(keepUnreadableTranscript);
export const useAnalyzeTranscript = () => useStudentMutation(analyzeTranscript);
export const useSubmitAppeal = () => useStudentMutation(submitAppeal);
/** Records the visit without reading the hub again, so what was new stays marked until the student leaves. */
export const useMarkAppealCenterSeen = () => useMutation({ mutationFn: markAppealCenterSeen });
