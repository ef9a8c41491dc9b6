// The shared worker every console tab of a browser connects to: it runs the one events hub.
import { EventsHub, type HubMessage, type HubPort, type TabMessage } from './events-hub';

const hub = new EventsHub();
const scope = self as unknown as { onconnect: ((event: MessageEvent) => void) | null };

scope.onconnect = (event) => hub.connect(event.ports[0] as unknown as HubPort<TabMessage, HubMessage>);
