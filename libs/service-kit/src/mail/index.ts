export {
  createMailer,
  FileMailer,
  type MailConfig,
  type Mailer,
  type MailMessage,
  type OutboxMail,
  type SentMail,
  SmtpMailer,
} from './mailer.js';
