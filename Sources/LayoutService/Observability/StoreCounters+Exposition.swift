import LayoutStore

/// The shared store's series on `/metrics`, written from its counters and its health.
extension StoreCounters {
    func exposition(health: StoreHealth) -> String {
        var text = "# HELP layoutd_store_up Whether the store carries out the service's commands (reason: why not).\n"
        text += "# TYPE layoutd_store_up gauge\n"
        switch health {
        case .up: text += "layoutd_store_up 1\n"
        case .down(let reason): text += "layoutd_store_up{reason=\"\(reason)\"} 0\n"
        }
        let operations = Operation.allCases
        text += "# HELP layoutd_store_operations_total Calls to the store by operation.\n# TYPE layoutd_store_operations_total counter\n"
        for operation in operations {
            text += "layoutd_store_operations_total{operation=\"\(operation.label)\"} \(calls[operation.rawValue])\n"
        }
        text += "# HELP layoutd_store_errors_total Calls to the store that failed, by operation.\n# TYPE layoutd_store_errors_total counter\n"
        for operation in operations {
            text += "layoutd_store_errors_total{operation=\"\(operation.label)\"} \(errors[operation.rawValue])\n"
        }
        text += "# HELP layoutd_store_duration_seconds Time calls to the store took, by operation.\n# TYPE layoutd_store_duration_seconds histogram\n"
        for operation in operations {
            var cumulative = 0
            for (bucket, bound) in Self.latencyBounds.enumerated() {
                cumulative += latencies[operation.rawValue * Self.latencyBounds.count + bucket]
                text += "layoutd_store_duration_seconds_bucket{operation=\"\(operation.label)\",le=\"\(bound)\"} \(cumulative)\n"
            }
            let count = calls[operation.rawValue]
            text += "layoutd_store_duration_seconds_bucket{operation=\"\(operation.label)\",le=\"+Inf\"} \(count)\n"
            let seconds = Double(nanoseconds[operation.rawValue]) / 1e9
            text += "layoutd_store_duration_seconds_sum{operation=\"\(operation.label)\"} \(seconds)\n"
            text += "layoutd_store_duration_seconds_count{operation=\"\(operation.label)\"} \(count)\n"
        }
        text += "# HELP layoutd_store_corrupt_values_total Values read from the store that did not match their key (deleted).\n"
        text += "# TYPE layoutd_store_corrupt_values_total counter\nlayoutd_store_corrupt_values_total \(corruptValues)\n"
        text += "# HELP layoutd_store_bytes_written_total Bytes of values sent to the store.\n# TYPE layoutd_store_bytes_written_total counter\n"
        text += "layoutd_store_bytes_written_total \(bytesWritten)\n"
        text += "# HELP layoutd_store_bytes_read_total Bytes of values read from the store.\n# TYPE layoutd_store_bytes_read_total counter\n"
        text += "layoutd_store_bytes_read_total \(bytesRead)\n"
        text += "# HELP layoutd_store_round_trips_total Pipelines sent to the store.\n# TYPE layoutd_store_round_trips_total counter\n"
        text += "layoutd_store_round_trips_total \(roundTrips)\n"
        return text
    }
}
