import Logging

/// swift-log's backend for the library's lines in a C or C# program: every line goes to a ``LogRouting``, whose
/// setting decides the level (a handler's own `logLevel` is not changed by a logger: the process-wide setting rules).
///
/// In a process whose swift-log backend is its own (`host`), lines go there unless a C caller set a callback.
struct RoutedLogHandler: LogHandler {
    let label: String
    let routing: LogRouting
    /// The process's own backend for this label, when it has one.
    let host: (any LogHandler)?
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?

    init(label: String, routing: LogRouting, host: (any LogHandler)?) {
        self.label = label
        self.routing = routing
        self.host = host
    }

    var logLevel: Logger.Level {
        get {
            if let host, !routing.routesToCallback { return host.logLevel }
            return routing.level
        }
        set {}  // the process-wide setting decides
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        if let host, !routing.routesToCallback { return host.log(event: event) }
        routing.log(event, label: label, metadata: metadata)
    }
}
