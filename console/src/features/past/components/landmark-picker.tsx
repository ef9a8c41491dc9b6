// Choosing a moment by what happened then: an acceptance verdict, a closed sampling round or an export's start, each
// read "as of" its own event.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PastLandmark } from '@annot/workflows';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { formatDigits, formatPercent } from '@/lib/numbers';
import { formatTime } from '@/lib/time';
import { usePastLandmarks } from '../api/get-past-landmarks';
import type { MomentChoice } from '../api/moment';

function useLandmarkLabel() {
  const { t } = useTranslation();
  return (landmark: PastLandmark): string => {
    const at = formatTime(landmark.at);
    switch (landmark.kind) {
      case 'acceptance':
        return t(`past_landmark_acceptance_${landmark.verdict}`, { sequence: formatDigits(landmark.sequence), at });
      case 'sampling':
        return t('past_landmark_sampling', { round: formatDigits(landmark.round), rate: formatPercent(landmark.passRate), at });
      case 'export':
        return t('past_landmark_export', { format: landmark.format.toUpperCase(), at });
    }
  };
}

export function LandmarkPicker({ projectId, onChoose }: { projectId: string; onChoose: (moment: MomentChoice) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const landmarks = usePastLandmarks(projectId);
  const label = useLandmarkLabel();
  if (!landmarks.data || landmarks.data.length === 0) return null;
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{t('past_at_landmark')}</Label>
      <Select
        id={id}
        className="w-auto min-w-64"
        value=""
        onChange={(e) => {
          if (e.target.value) onChoose({ kind: 'position', position: e.target.value });
        }}
      >
        <option value="">{t('past_choose_landmark')}</option>
        {landmarks.data.map((landmark) => (
          <option key={`${landmark.kind}-${landmark.position}`} value={landmark.position}>
            {label(landmark)}
          </option>
        ))}
      </Select>
    </div>
  );
}
