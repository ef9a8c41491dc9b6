// Refuses a first admin that could never sign in: the Internal tab asks for a code, and codes go only to a phone or an email.
import { sendCodeQuery } from '@annot/workflows';

/** Why ADMIN_ACCOUNT cannot serve, in the server's own rule for where a code may be sent; null when it can. */
export function adminAccountRefusal(account: string): string | null {
  if (sendCodeQuery.shape.account.safeParse(account).success) return null;
  return [
    `ADMIN_ACCOUNT is "${account}", which is neither an email address nor a mainland mobile number.`,
    'The admin signs in on the Internal tab with a verification code sent to its account, so it must be one of',
    'these, for example ADMIN_ACCOUNT=admin@example.com. Nothing was started.',
  ].join('\n');
}
