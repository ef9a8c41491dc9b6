// What every screen needs around it: the query cache, translations with their reading direction, and toasts.
import { DirectionProvider } from '@radix-ui/react-direction';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Toaster } from '@/components/ui/sonner';
import { ApiError } from '@/lib/api-client';
import { currentDirection, i18n } from '@/lib/i18n';

/** Radix's menus and tabs follow the language's direction (arrow keys, sides) as the page does. */
function LanguageDirection({ children }: { children: ReactNode }) {
  useTranslation();
  return <DirectionProvider dir={currentDirection()}>{children}</DirectionProvider>;
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          // A refusal or a missing thing will not change on retry; a dropped connection might.
          queries: { retry: (count, error) => !(error instanceof ApiError && error.code >= 400 && error.code < 500) && count < 2, refetchOnWindowFocus: false },
        },
      }),
  );
  return (
    <I18nextProvider i18n={i18n}>
      <LanguageDirection>
        <QueryClientProvider client={client}>
          {children}
          <Toaster />
        </QueryClientProvider>
      </LanguageDirection>
    </I18nextProvider>
  );
}
