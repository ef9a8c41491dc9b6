// Component tests: jest-dom matchers, English's strings fetched ahead (the tests switch to it at once), and a clean DOM
// and storage between tests.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadLanguage } from '@/lib/i18n';

await loadLanguage('en-US');

// A screen that waits on a fetch and a render may take longer than a second while the other test files share the cores.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.cookie.split('; ').forEach((c) => (document.cookie = `${c.split('=')[0]}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`));
});
