// The header's language switcher: the seed's fourteen languages, each in its own name.
import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/sonner';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { languages, setLanguage } from '@/lib/i18n';

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = languages.find((l) => l.tag === i18n.language) ?? languages[0];
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={t('header_language')}>
          <Languages className="h-4 w-4" />
          {current.name}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="max-h-[70vh] overflow-y-auto">
        {languages.map((language) => (
          // Each name is written in its own language and script, whatever the page's language is; a language whose
          // strings cannot be fetched leaves the page as it was.
          <DropdownMenuItem key={language.code} lang={language.tag} dir={language.direction} onSelect={() => setLanguage(language.tag).catch(() => toast.error(t('load_failed')))}>
            {language.name}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
