//! The server's own Prometheus recorder: figures of the HTTP traffic, the pool and the matcher,
//! rendered at `/api/metrics`. It belongs to the server's state rather than being global, so that
//! tests running many servers in one process each read their own figures.

use metrics::Recorder;
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle, PrometheusRecorder};

pub(crate) const REQUEST_DURATION: &str = "vivier_http_request_duration_seconds";
pub(crate) const REQUESTS: &str = "vivier_http_requests_total";
/// Upper bounds of the latency buckets, in seconds: searches answer in milliseconds.
const LATENCY_BUCKETS: &[f64] = &[0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0];

/// The server's metrics recorder and what renders it.
pub struct Metrics {
    recorder: PrometheusRecorder,
    handle: PrometheusHandle,
}

impl Default for Metrics {
    fn default() -> Self {
        let recorder = PrometheusBuilder::new()
            .set_buckets_for_metric(Matcher::Full(REQUEST_DURATION.to_owned()), LATENCY_BUCKETS)
            .expect("the latency buckets are not empty")
            .build_recorder();
        let handle = recorder.handle();
        let metrics = Metrics { recorder, handle };
        metrics.record(|| {
            metrics::describe_histogram!(
                REQUEST_DURATION,
                metrics::Unit::Seconds,
                "API request latency by route template"
            );
            metrics::describe_counter!(REQUESTS, "API requests by route template and status");
        });
        metrics
    }
}

impl Metrics {
    /// Runs `record`, whose `metrics` macros then write to this recorder.
    pub fn record<T>(&self, record: impl FnOnce() -> T) -> T {
        metrics::with_local_recorder(&self.recorder as &dyn Recorder, record)
    }

    /// Every figure in the Prometheus text format.
    pub fn render(&self) -> String {
        self.handle.run_upkeep();
        self.handle.render()
    }
}
