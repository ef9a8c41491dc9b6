// A link as people read it wherever it is named: the name its PM chose and, beside it, its type in the reader's language.
import type { TFunction } from 'i18next';

export const linkLabel = (t: TFunction, link: { name: string; type: string }): string => `${link.name} (${t(`links_type_${link.type}`)})`;
