// The admin's announcement form: title, rich text, scope, then save it as a draft, publish it now or at a time.
// Loaded lazily with its editor, so tiptap is fetched only when an admin writes an announcement.
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { type AnnouncementInput, announcementInput, type AnnouncementScope, type AnnouncementView, isEveryone } from '@annot/workflows';
import { FormRefusal } from '@/components/form-refusal';
import type { UseChoices } from '@/components/search-choices';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useSchemaForm } from '@/lib/use-schema-form';
import { type AnnouncementStep, useAnnouncementStep, useDraftAnnouncement, useEditAnnouncement } from '../api/announcements';
import { AnnouncementEditor } from './announcement-editor';
import { AnnouncementScopePicker, type ScopeChoice } from './announcement-scope-picker';

export interface AnnouncementFormProps {
  /** The announcement edited; none for a new one. */
  announcement?: AnnouncementView;
  onDone: () => void;
  useTeamChoices: UseChoices;
  usePeopleChoices: UseChoices;
}

const choiceOf = (announcement: AnnouncementView | undefined): ScopeChoice => {
  const scope = announcement?.scope;
  if (!scope || isEveryone(scope)) return { everyone: true, roles: [], teams: [], people: [] };
  return { everyone: false, roles: scope.roles, teams: announcement.chosen.teams, people: announcement.chosen.people };
};

const scopeOf = (choice: ScopeChoice): AnnouncementScope =>
  choice.everyone ? { everyone: true } : { roles: choice.roles, teamIds: choice.teams.map((c) => c.id), accountIds: choice.people.map((c) => c.id) };

/** The value a datetime-local input shows for an instant, in the reader's time zone. */
const localInput = (date: Date) => new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

export default function AnnouncementForm({ announcement, onDone, useTeamChoices, usePeopleChoices }: AnnouncementFormProps) {
  const { t } = useTranslation();
  const draft = useDraftAnnouncement();
  const edit = useEditAnnouncement();
  const step = useAnnouncementStep();
  const [choice, setChoice] = useState(() => choiceOf(announcement));
  const [publishAt, setPublishAt] = useState(() => localInput(announcement?.publishAt ? new Date(announcement.publishAt) : new Date(Date.now() + 3_600_000)));
  const [failure, setFailure] = useState<unknown>(null);
  const form = useSchemaForm(announcementInput, { title: announcement?.title ?? '', content: announcement?.content ?? '', scope: scopeOf(choice) });
  const nobody = !choice.everyone && choice.roles.length + choice.teams.length + choice.people.length === 0;
  const busy = draft.isPending || edit.isPending || step.isPending;

  const changeScope = (next: ScopeChoice) => {
    setChoice(next);
    form.setValue('scope', scopeOf(next));
  };

  /** Saves what is written, then takes the step asked for (none for "save"). */
  const submit = (then: AnnouncementStep | null) =>
    form.handleSubmit(async (input: AnnouncementInput) => {
      if (nobody) return;
      setFailure(null);
      try {
        const { id } = announcement ? await edit.mutateAsync({ id: announcement.id, input }) : await draft.mutateAsync(input);
        if (then) await step.mutateAsync({ id, step: then });
        toast.success(t(then ? `announcements_${then.action}_done` : 'announcements_saved'));
        onDone();
      } catch (error) {
        form.showRefusal(error);
        setFailure(error);
      }
    });

  return (
    <form className="grid gap-4" onSubmit={(e) => e.preventDefault()} noValidate>
      <FormField id="announcement-title" label={t('announcements_title')} error={form.errorOf('title')}>
        <Input {...form.register('title')} />
      </FormField>
      <div className="grid gap-1.5">
        <span className="text-sm font-medium">{t('announcements_content')}</span>
        <Controller control={form.control} name="content" render={({ field }) => <AnnouncementEditor value={field.value} onChange={field.onChange} label={t('announcements_content')} />} />
        {form.errorOf('content') && (
          <p role="alert" className="text-xs text-destructive">
            {form.errorOf('content')}
          </p>
        )}
      </div>
      <AnnouncementScopePicker
        value={choice}
        onChange={changeScope}
        useTeamChoices={useTeamChoices}
        usePeopleChoices={usePeopleChoices}
        error={nobody ? t('announcements_scope_empty') : form.errorOf('scope')}
      />
      <FormRefusal error={failure} shownInFields={false} />
      <div className="flex flex-wrap items-end gap-2">
        <Button type="button" variant="outline" disabled={busy} onClick={() => void submit(null)()}>
          {t(announcement ? 'save' : 'announcements_save_draft')}
        </Button>
        <Button type="button" disabled={busy} onClick={() => void submit({ action: 'publish' })()}>
          {t('announcements_publish_now')}
        </Button>
        <div className="ms-auto flex items-end gap-2">
          <FormField id="announcement-publish-at" label={t('announcements_publish_at')}>
            <Input type="datetime-local" value={publishAt} onChange={(e) => setPublishAt(e.target.value)} />
          </FormField>
          <Button type="button" variant="secondary" disabled={busy || !publishAt} onClick={() => void submit({ action: 'schedule', publishAt: new Date(publishAt).toISOString() })()}>
            {t('announcements_schedule')}
          </Button>
        </div>
      </div>
    </form>
  );
}
