// The transports: nodemailer over SMTP when MAIL_URL is set, otherwise the development mailbox and the server log.
import { Logger } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import type { CodeTransport, OutgoingMessage, SmsProvider } from './code-transport';
import type { MailboxRepository } from './mailbox.repository';

export class MailboxTransport implements CodeTransport, SmsProvider {
  private readonly logger = new Logger('Mailbox');

  constructor(private readonly mailbox: MailboxRepository) {}

  async send(message: OutgoingMessage): Promise<void> {
    await this.mailbox.add(message);
    // Printed so that a person running the platform on a laptop can sign in without a mail server.
    this.logger.log(`${message.channel} to ${message.recipient}: ${message.body}`);
  }

  sendSms(phone: string, text: string): Promise<void> {
    return this.send({ channel: 'sms', recipient: phone, subject: 'SMS', body: text });
  }
}

export class SmtpTransport implements CodeTransport {
  private readonly transporter: Transporter;

  constructor(
    mailUrl: string,
    private readonly from: string,
    private readonly sms: SmsProvider,
  ) {
    this.transporter = nodemailer.createTransport(mailUrl);
  }

  async send(message: OutgoingMessage): Promise<void> {
    if (message.channel === 'sms') return this.sms.sendSms(message.recipient, message.body);
    await this.transporter.sendMail({ from: this.from, to: message.recipient, subject: message.subject, text: message.body });
  }
}
