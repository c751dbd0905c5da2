import { inSpan, SpanKind } from '../telemetry/tracing.js';
import type { BusMessage, MessageHandler } from './types.js';

/** Run a consumer's handler in a CONSUMER span under the publisher's trace context. */
export function handleInSpan<T>(
  system: 'memory' | 'nats',
  durable: string,
  message: BusMessage<T>,
  handler: MessageHandler<T>,
): Promise<void> {
  return inSpan(
    `${message.subject} process`,
    {
      kind: SpanKind.CONSUMER,
      parentHeaders: message.headers,
      attributes: {
        'messaging.system': system === 'nats' ? 'nats' : 'porta-memory',
        'messaging.operation.type': 'process',
        'messaging.destination.name': message.subject,
        'messaging.consumer.group.name': durable,
        'messaging.message.id': message.id,
        'messaging.message.delivery_count': message.attempt,
      },
    },
    () => handler(message),
  );
}

/** Run a responder in a SERVER span under the requester's trace context. */
export function replyInSpan<T>(
  system: 'memory' | 'nats',
  subject: string,
  headers: Record<string, string>,
  fn: () => Promise<T>,
): Promise<T> {
  return inSpan(
    `${subject} reply`,
    {
      kind: SpanKind.SERVER,
      parentHeaders: headers,
      attributes: { 'rpc.system': system === 'nats' ? 'nats' : 'porta-memory', 'rpc.method': subject },
    },
    fn,
  );
}
