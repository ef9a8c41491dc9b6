// Where verification codes travel: email over SMTP, SMS through a provider, or the development mailbox.
export interface OutgoingMessage {
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
}

export interface CodeTransport {
  send(message: OutgoingMessage): Promise<void>;
}

/** An SMS provider plugs in here; the platform ships the development mailbox as the only one. */
export interface SmsProvider {
  sendSms(phone: string, text: string): Promise<void>;
}

export const CODE_TRANSPORT = Symbol('CODE_TRANSPORT');
