import Locking
import Logging

/// A handler that keeps each line's message and metadata (provider's and the line's) as text.
struct CapturingHandler: LogHandler {
    final class Lines: Sendable {
        private let stored = LockedValueBox<[(message: String, metadata: [String: String])]>([])
        var lines: [(message: String, metadata: [String: String])] { stored.withLockedValue { $0 } }
        func append(_ line: (message: String, metadata: [String: String])) { stored.withLockedValue { $0.append(line) } }
    }

    let lines: Lines
    var metadataProvider: Logger.MetadataProvider?
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var merged = metadataProvider?.get() ?? [:]
        merged.merge(event.metadata ?? [:]) { $1 }
        lines.append((event.message.description, merged.mapValues { $0.description }))
    }
}
