// What each state shown on a link's work card means, in a line each: the words a tagger or inspector meets there.
import { useTranslation } from 'react-i18next';

export type LegendState = 'in_hand' | 'rework' | 'rework_count' | 'to_claim';

/** The explanation of one state, also the tooltip of its badge: items in hand and rework read differently to an inspector. */
export const stateMeaningKey = (state: LegendState, linkType: 'annotation' | 'inspection'): string =>
  state === 'in_hand' || state === 'rework' ? `items_state_${state}_${linkType}` : `items_state_${state}`;

const termKey: Record<LegendState, string> = { in_hand: 'items_in_hand', rework: 'items_rework', rework_count: 'items_rework_count', to_claim: 'items_rework_to_claim' };

export function ItemStateLegend({ linkType }: { linkType: 'annotation' | 'inspection' }) {
  const { t } = useTranslation();
  const states: LegendState[] = linkType === 'inspection' ? ['in_hand', 'rework', 'rework_count'] : ['in_hand', 'rework', 'rework_count', 'to_claim'];
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-muted-foreground">{t('items_states_legend')}</summary>
      <dl className="mt-1 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1" aria-label={t('items_states_legend')}>
        {states.map((state) => (
          <div key={state} className="contents">
            <dt className="font-medium">{t(termKey[state])}</dt>
            <dd className="text-muted-foreground">{t(stateMeaningKey(state, linkType))}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
