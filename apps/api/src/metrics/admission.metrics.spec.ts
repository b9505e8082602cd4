import { AdmissionMetrics } from './admission.metrics.js';
import { MetricsRegistry } from './metrics.registry.js';

describe('AdmissionMetrics', () => {
  const value = async (registry: MetricsRegistry, name: string) =>
    (await registry.registry.getSingleMetric(name)!.get()).values[0]?.value;

  it('reads both admission lines at each scrape', async () => {
    const registry = new MetricsRegistry();
    const metrics = new AdmissionMetrics(registry);
    let connections = 0;
    let requests = 0;
    metrics.watch({ connectionsWaiting: () => connections, requestsWaiting: () => requests });
    expect(await value(registry, 'hvo_http_connections_waiting')).toBe(0);
    connections = 7;
    requests = 120;
    expect(await value(registry, 'hvo_http_connections_waiting')).toBe(7);
    expect(await value(registry, 'hvo_http_requests_waiting')).toBe(120);
  });

  it('reads zero before the lines are handed over', async () => {
    const registry = new MetricsRegistry();
    new AdmissionMetrics(registry);
    expect(await value(registry, 'hvo_http_requests_waiting')).toBe(0);
  });
});
