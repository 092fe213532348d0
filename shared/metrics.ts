// Custom metrics as CloudWatch Embedded Metric Format: one JSON line on stdout per data point,
// which CloudWatch Logs turns into a metric of the WhatsappPlatform namespace (no API call, no
// SDK client). Alarms and dashboards are keyed on namespace + name + dimensions: keep them stable.
// https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/CloudWatch_Embedded_Metric_Format_Specification.html

export const METRICS_NAMESPACE = 'WhatsappPlatform';

/** The CloudWatch units this service uses (EMF accepts any CloudWatch unit name). */
export type MetricUnit = 'None' | 'Count' | 'Seconds' | 'Milliseconds' | 'Bytes' | 'Percent';

export interface MetricOptions {
  /** Default `None`. */
  unit?: MetricUnit;
  /** Dimension name -> value; none by default (the metric is then aggregated over every function). */
  dimensions?: Record<string, string>;
  /** When the value was observed; default now. */
  timestamp?: Date;
}

/** The EMF document of one data point. */
export function metricRecord(name: string, value: number, options: MetricOptions = {}): Record<string, unknown> {
  const dimensions = options.dimensions ?? {};
  return {
    _aws: {
      Timestamp: (options.timestamp ?? new Date()).getTime(),
      CloudWatchMetrics: [
        { Namespace: METRICS_NAMESPACE, Dimensions: [Object.keys(dimensions)], Metrics: [{ Name: name, Unit: options.unit ?? 'None' }] },
      ],
    },
    ...dimensions,
    [name]: value,
  };
}

/** Writes one data point. Not subject to LOG_LEVEL: a metric is not a log message. */
export function putMetric(name: string, value: number, options?: MetricOptions): void {
  console.log(JSON.stringify(metricRecord(name, value, options)));
}
