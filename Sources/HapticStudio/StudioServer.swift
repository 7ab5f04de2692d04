import HTTPTypes
import HapticStudioCore
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore

/// `haptic studio`'s server: HTTP and WebSocket on 127.0.0.1 only, one token per run, the page from memory, and a
/// ``StudioSession`` per WebSocket that drives the engine, the writer, lint and the converters.
///
///     let server = try StudioServer(configuration: StudioServer.Configuration(folder: "patterns", port: 0))
///     try await server.run { url in print(url) }   // http://127.0.0.1:41234/?token=…
package struct StudioServer: Sendable {
    /// What to serve.
    package struct Configuration: Sendable {
        /// The folder the studio works in (read and written, nothing outside it).
        package var folder: String
        /// The port, or 0 for any free one.
        package var port: Int
        /// The `--device` ID: the output the studio starts with (else the default output).
        package var deviceID: String?
        /// The size caps.
        package var limits: StudioLimits
        /// The run's token (fresh unless a test sets one).
        package var token: StudioToken
        /// Where outputs come from; `nil` for device discovery with ``deviceID`` first.
        package var outputSources: [any StudioOutputSource]?

        /// Creates a configuration.
        package init(
            folder: String, port: Int = 0, deviceID: String? = nil, limits: StudioLimits = .default, token: StudioToken = StudioToken(),
            outputSources: [any StudioOutputSource]? = nil
        ) {
            self.folder = folder
            self.port = port
            self.deviceID = deviceID
            self.limits = limits
            self.token = token
            self.outputSources = outputSources
        }
    }

    /// The configuration.
    package let configuration: Configuration
    /// The folder, resolved.
    package let folder: StudioFolder
    /// The bound address (its port is set once the server listens).
    package let address = StudioAddress()
    /// The playback of every open page.
    package let playbacks = StudioPlaybackRegistry()

    /// Checks the configuration.
    ///
    /// - Throws: ``StudioError`` for a folder that is not there or a port out of range.
    package init(configuration: Configuration) throws(StudioError) {
        guard (0...65_535).contains(configuration.port) else { throw StudioError("--port must be 0 … 65535 (0 picks a free port)") }
        self.configuration = configuration
        folder = try StudioFolder(path: configuration.folder, limits: configuration.limits)
    }

    /// The URL of the page for the bound port, with the token.
    package var url: String { "\(address.origin)/?token=\(configuration.token.value)" }

    /// Serves until the task is cancelled (or SIGINT/SIGTERM when `handlesSignals`); `onReady` gets the page's URL
    /// once the socket listens.
    package func run(handlesSignals: Bool = false, onReady: @escaping @Sendable (String) -> Void) async throws {
        let access = StudioAccess(token: configuration.token, address: address, limits: configuration.limits)
        let page = StudioPage(token: configuration.token)
        let outputs = StudioOutputs(
            sources: configuration.outputSources ?? [DeviceOutputSource(commandLineID: configuration.deviceID), ControllerOutputSource()])
        let folder = self.folder
        let limits = configuration.limits
        let address = self.address
        let registry = playbacks
        var logger = Logger(label: "haptic.studio")
        logger.logLevel = .critical
        let worker = StudioWorker(threadCount: limits.workerThreads)
        defer { worker.shutDown() }
        let connections = StudioConnections(limit: limits.maxConnections)
        let webSocket = HTTP1WebSocketUpgradeChannel.Configuration(
            http1: HTTP1Channel.Configuration(idleTimeout: .nanoseconds(limits.idleTimeout.clampedNanoseconds)),
            // Text that is not UTF-8 closes with 1007 (RFC 6455 8.1).
            ws: WebSocketServerConfiguration(
                maxFrameSize: limits.maxMessageBytes, autoPing: .enabled(timePeriod: .nanoseconds(limits.pingInterval.clampedNanoseconds)),
                validateUTF8: true))
        let application = Application(
            responder: StudioResponder(access: access, page: page),
            server: HTTPServerBuilder { responder in
                let inner = HTTP1WebSocketUpgradeChannel(responder: responder, configuration: webSocket) { head, channel, _ in
                    guard access.upgradeRefusal(for: head) == nil else { return .dontUpgrade }
                    // Before the WebSocket's decoder, which the upgrade adds after it.
                    try channel.pipeline.syncOperations.addHandler(WebSocketMaskGate())
                    return .upgrade([:]) { inbound, outbound, _ in
                        let session = StudioSession(folder: folder, outputs: outputs, limits: limits, registry: registry)
                        try await session.run(inbound: inbound, outbound: outbound, worker: worker) { channel.close(promise: nil) }
                    }
                }
                return GatedUpgradeChannel(inner: inner, access: access, connections: connections)
            },
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: configuration.port), serverName: nil),
            onServerRunning: { channel in
                address.bind(port: channel.localAddress?.port ?? 0)
                onReady("\(address.origin)/?token=\(access.token.value)")
            },
            logger: logger
        )
        if handlesSignals {
            try await application.runService()
        } else {
            try await application.run()
        }
    }
}
