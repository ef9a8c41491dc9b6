// A link's card title: its name and, beside it, its type, as every panel that shows one link per card names it.
import { useTranslation } from 'react-i18next';
import { CardTitle } from '@/components/ui/card';

export function LinkCardTitle({ link }: { link: { name: string; type: string } }) {
  const { t } = useTranslation();
  return (
    <CardTitle>
      {link.name} <span className="text-sm font-normal text-muted-foreground">({t(`links_type_${link.type}`)})</span>
    </CardTitle>
  );
}
