// A tagger's work on one link: claim N items from its pool, the items in hand with their deadlines, and the items
// returned for rework, waiting or in hand, with the inspector's marks; each opens the item page.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ListTable } from '@/components/list-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableRow } from '@/components/ui/table';
import { claimMax } from '@annot/workflows';
import { LinkCardTitle } from '@/components/link-card-title';
import { claimCount, useClaimItems } from '../api/claim-items';
import { useItemHistory } from '../api/get-item';
import { useItems } from '../api/get-items';
import type { ItemRow } from '../api/item';
import { reworkMarks } from './rework-marks';
import { CommandRefusal } from './command-refusal';
import { DeadlineCountdown } from './deadline-countdown';
import { RuleReadingGate } from './rule-reading';
import { ErrorMarks } from './error-marks';
import { ItemStateLegend, stateMeaningKey } from './item-state-legend';
import { formatNumber } from '@/lib/numbers';

export interface ClaimPanelProps {
  projectId: string;
  link: { id: string; name: string; type: 'annotation' | 'inspection' };
  itemPath: (itemId: string) => string;
  /** Where an item in hand opens in the annotation editor. */
  editorPath?: (itemId: string) => string;
}

export function ClaimPanel({ projectId, link, itemPath, editorPath }: ClaimPanelProps) {
  const { t } = useTranslation();
  const [count, setCount] = useState('10');
  const claim = useClaimItems(link.id);
  const inHand = useItems(projectId, { linkId: link.id, status: 'claimed', mine: true });
  const rows = inHand.data?.pages.flatMap((page) => page.items) ?? [];
  const parsed = claimCount.safeParse(count);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (parsed.success) claim.mutate({ count: parsed.data });
  };

  return (
    <Card aria-label={link.name}>
      <CardHeader>
        <LinkCardTitle link={link} />
      </CardHeader>
      <CardContent className="grid gap-4">
        <RuleReadingGate projectId={projectId}>
        <form className="flex flex-wrap items-end gap-2" onSubmit={submit}>
          <div className="grid gap-1">
            <Label htmlFor={`claim-${link.id}`}>{t('items_claim_count')}</Label>
            <Input id={`claim-${link.id}`} className="w-28" type="number" min={1} max={100} value={count} onChange={(e) => setCount(e.target.value)} />
          </div>
          <Button type="submit" disabled={!parsed.success || claim.isPending}>
            {t('items_claim')}
          </Button>
          {claim.data && (
            <span role="status" className="text-sm text-muted-foreground">
              {t('items_claimed_count', { count: claim.data.items.length })}
            </span>
          )}
        </form>
        <CommandRefusal error={claim.error} />
        </RuleReadingGate>
        <ItemStateLegend linkType={link.type} />
        <section className="grid gap-2" aria-label={t('items_in_hand')}>
          <h3 className="font-medium" title={t(stateMeaningKey('in_hand', link.type))}>
            {t('items_in_hand_count', { count: rows.length })}
          </h3>
          {inHand.isPending ? (
            <Skeleton className="h-24" />
          ) : (
            <ListTable headings={[t('items_file'), t('items_deadline'), t('items_objects'), t('items_rework_count'), t('actions')]} empty={rows.length === 0} error={inHand.error}>
              {rows.map((item) => (
                <TableRow key={item.id}>
                  <TableCell>
                    {item.fileName}{' '}
                    {item.rework && (
                      <Badge variant="warning" title={t(stateMeaningKey('rework', link.type))}>
                        {t('items_rework')}
                      </Badge>
                    )}
                  </TableCell>
                  <TableCell>
                    <DeadlineCountdown deadline={item.deadline} />
                  </TableCell>
                  <TableCell>{formatNumber(item.objectCount)}</TableCell>
                  <TableCell>{formatNumber(item.reworkCount)}</TableCell>
                  <TableCell className="flex gap-1">
                    {editorPath && (
                      <Button asChild size="sm">
                        <Link to={editorPath(item.id)}>{t(link.type === 'inspection' ? 'editor_open_inspect' : 'editor_open')}</Link>
                      </Button>
                    )}
                    <Button asChild size="sm" variant="outline">
                      <Link to={itemPath(item.id)}>{t('items_open')}</Link>
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </ListTable>
          )}
          {inHand.hasNextPage && (
            <div>
              <Button variant="outline" onClick={() => void inHand.fetchNextPage()}>
                {t('load_more')}
              </Button>
            </div>
          )}
        </section>
        {link.type === 'annotation' && <ReworkList projectId={projectId} linkId={link.id} itemPath={itemPath} />}
      </CardContent>
    </Card>
  );
}

/** The items an inspector returned to this tagger: those waiting for it to claim them back and those in hand. */
function ReworkList({ projectId, linkId, itemPath }: { projectId: string; linkId: string; itemPath: (itemId: string) => string }) {
  const { t } = useTranslation();
  const rework = useItems(projectId, { linkId, rework: true, mine: true });
  const claim = useClaimItems(linkId);
  const rows = rework.data?.pages.flatMap((page) => page.items) ?? [];
  const waiting = rows.filter((item) => item.status !== 'claimed').length;
  return (
    <section className="grid gap-2" aria-label={t('items_rejected')}>
      <h3 className="font-medium">{t('items_rejected_count', { count: rows.length })}</h3>
      <p className="text-xs text-muted-foreground">{t('items_rejected_hint')}</p>
      {waiting > 0 && (
        <div>
          <Button size="sm" disabled={claim.isPending} onClick={() => claim.mutate({ count: Math.min(waiting, claimMax), rework: true })}>
            {t('items_claim_rework', { count: waiting })}
          </Button>
        </div>
      )}
      <CommandRefusal error={claim.error} />
      {rework.isPending ? (
        <Skeleton className="h-16" />
      ) : rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('items_rejected_none')}</p>
      ) : (
        <ul className="grid gap-2">
          {rows.map((item) => (
            <ReworkEntry key={item.id} item={item} href={itemPath(item.id)} />
          ))}
        </ul>
      )}
      {rework.hasNextPage && (
        <div>
          <Button variant="outline" onClick={() => void rework.fetchNextPage()}>
            {t('load_more')}
          </Button>
        </div>
      )}
    </section>
  );
}

/** A rejected item with where it stands and the marks of its last rejection, read from its history. */
function ReworkEntry({ item, href }: { item: ItemRow; href: string }) {
  const { t } = useTranslation();
  const history = useItemHistory(item.id);
  const marks = history.data ? reworkMarks(history.data) : [];
  const held = item.status === 'claimed';
  return (
    <li className="grid gap-1 rounded-md border border-border p-2" aria-label={item.fileName}>
      <div className="flex flex-wrap items-center gap-2">
        <Link className="font-medium underline-offset-2 hover:underline" to={href}>
          {item.fileName}
        </Link>
        <Badge variant="warning" title={t(stateMeaningKey('rework_count', 'annotation'))}>
          {t('items_rework_badge', { count: item.reworkCount })}
        </Badge>
        <Badge variant="outline" title={t(stateMeaningKey(held ? 'in_hand' : 'to_claim', 'annotation'))}>
          {held ? t('items_rework_in_hand') : t('items_rework_to_claim')}
        </Badge>
        {held && <DeadlineCountdown deadline={item.deadline} />}
      </div>
      {history.isPending ? <Skeleton className="h-5" /> : <ErrorMarks marks={marks} />}
    </li>
  );
}
