import { describe, expect, it } from 'vitest';
import { startTracing, tracesWanted } from './tracing.js';

const endpoint = 'http://collector:4318';

describe('whether traces are exported', () => {
  it('is so once an OTLP endpoint is set, for all signals or for traces alone', () => {
    expect(tracesWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint })).toBe(true);
    expect(tracesWanted({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${endpoint}/v1/traces` })).toBe(true);
  });

  it('is not without one: unset or empty, as `OTEL_EXPORTER_OTLP_ENDPOINT=` in a .env file leaves it', () => {
    expect(tracesWanted({})).toBe(false);
    expect(tracesWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: '', OTEL_SERVICE_NAME: 'parley' })).toBe(false);
  });

  it('is not when the standard switches turn the SDK or its traces off', () => {
    expect(tracesWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SDK_DISABLED: 'true' })).toBe(false);
    expect(tracesWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_TRACES_EXPORTER: 'none' })).toBe(false);
    expect(tracesWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SDK_DISABLED: 'false' })).toBe(true);
  });

  it('starts nothing when not wanted', async () => {
    expect(await startTracing({ OTEL_SERVICE_NAME: 'parley' })).toBeNull();
  });
});
