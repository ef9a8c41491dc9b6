// Listens on a PostgreSQL NOTIFY channel over a connection of its own, reopening it when it drops.
import pg from 'pg';

const reconnectMs = 3_000;

export interface NotificationListener {
  close(): Promise<void>;
}

/**
 * `onListening` is called each time the LISTEN is in place, the first time and after every reconnection: what was
 * notified before then was not heard, so a reader that missed it looks now.
 */
export function listenTo(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onTrouble?: (error: unknown) => void,
  onListening?: () => void,
): NotificationListener {
  let current: pg.Client | null = null;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const reconnect = (client: pg.Client) => {
    if (closed || (current !== null && current !== client)) return;
    current = null;
    client.removeAllListeners();
    void client.end().catch(() => undefined);
    clearTimeout(retry);
    retry = setTimeout(() => void connect(), reconnectMs);
    retry.unref();
  };

  const connect = async () => {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (note) => {
      if (note.channel === channel && note.payload) onPayload(note.payload);
    });
    client.on('error', () => reconnect(client));
    client.on('end', () => reconnect(client));
    current = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      onListening?.();
    } catch (error) {
      onTrouble?.(error);
      reconnect(client);
    }
  };

  void connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = current;
      current = null;
      client?.removeAllListeners();
      await client?.end().catch(() => undefined);
    },
  };
}
