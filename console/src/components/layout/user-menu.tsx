// The header's user menu: who is signed in, chat-account binding for PMs and admins, and exit.
import { useQueryClient } from '@tanstack/react-query';
import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { internalRoles } from '@annot/workflows';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import type { PersonInfo } from '@/lib/auth-token';
import { logout } from '@/features/auth/api/logout';
import { BindChatDialog } from '@/features/auth/components/bind-chat-dialog';

export function UserMenu({ person }: { person: PersonInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [binding, setBinding] = useState(false);
  const mayBind = (internalRoles as string[]).includes(person.role);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="sm" aria-label={t('header_user_menu')}>
            {person.name}
            <ChevronDown className="h-4 w-4" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuLabel>
            {person.name}
            <span className="block text-xs font-normal text-muted-foreground">{t(`role_${person.role}`)}</span>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          {mayBind && <DropdownMenuItem onSelect={() => setBinding(true)}>{t('header_bind_chat')}</DropdownMenuItem>}
          <DropdownMenuItem
            onSelect={async () => {
              await logout();
              client.clear();
              navigate('/login', { replace: true });
            }}
          >
            {t('header_exit')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {binding && <BindChatDialog person={person} onClose={() => setBinding(false)} />}
    </>
  );
}
