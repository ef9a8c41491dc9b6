// /personnel/tagger, /checker, /pm and the supplier's /supplier/tagger: accounts of one role.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { PeopleTable } from '@/features/people/components/people-table';
import { useCan } from '@/lib/authorization';
import { useDebounced } from '@/lib/use-debounced';

export interface PeopleListPageProps {
  titleKey: string;
  roles: string[];
  basePath: string;
}

export default function PeopleListPage({ titleKey, roles, basePath }: PeopleListPageProps) {
  const { t } = useTranslation();
  const { can } = useCan();
  const [role, setRole] = useState(roles[0]);
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState('');
  const searched = useDebounced(keyword.trim());
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">{t(titleKey)}</h1>
        {can('people.manage') && (
          <Button asChild>
            <Link to={`${basePath}/new?role=${role}`}>{t('people_new')}</Link>
          </Button>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        {roles.length > 1 && (
          <Select aria-label={t('people_role')} className="w-40" value={role} onChange={(e) => setRole(e.target.value)}>
            {roles.map((r) => (
              <option key={r} value={r}>
                {t(`role_${r}`)}
              </option>
            ))}
          </Select>
        )}
        <Input aria-label={t('search')} placeholder={t('people_search')} className="w-64" value={keyword} onChange={(e) => setKeyword(e.target.value)} />
        <Select aria-label={t('people_status')} className="w-40" value={status} onChange={(e) => setStatus(e.target.value)}>
          <option value="">{t('people_status_all')}</option>
          <option value="active">{t('people_status_active')}</option>
          <option value="disabled">{t('people_status_disabled')}</option>
        </Select>
      </div>
      <PeopleTable filter={{ role, keyword: searched || undefined, status: status || undefined }} editPath={(id) => `${basePath}/edit/${id}`} canManage={can('people.manage')} canIssueLinks={can('people.sign_in_link')} />
    </div>
  );
}
