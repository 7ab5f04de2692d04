#if os(Linux)
import CHapticSupport
import HapticDevices
import HapticSystem

/// One connection to the PipeWire daemon: a `pw_thread_loop` (PipeWire's own thread runs its main loop), a context, a
/// core, and a registry listener that keeps the graph's nodes. Streams (``PipeWireStream``) are made on it.
///
///     let connection = try PipeWireConnection(name: "haptic-bridge") { event in
///         if case .disconnected(let reason) = event { print("PipeWire went away:", reason) }
///     }
///     defer { connection.close() }
///
/// A connection does not survive the daemon: when PipeWire stops or restarts, the handler gets ``Event/disconnected(_:)``
/// once and the connection is dead; the owner destroys its streams, closes it and makes a new one (the bridge retries
/// every half second).
///
/// The corresponding calls are `pw_thread_loop_new`, `pw_context_new`, `pw_context_connect`, `pw_core_add_listener`,
/// `pw_core_get_registry` and `pw_registry_add_listener`; ``close()`` undoes them.
///
/// - Thread safety: any thread; PipeWire objects are touched only under the loop's lock (``locked(_:)``). The handler
///   runs on PipeWire's loop thread, holding that lock: it must not call back into the connection's owner's locks.
/// - Real-time safety: none (the data thread belongs to the streams).
package final class PipeWireConnection: @unchecked Sendable {
    // @unchecked: the mutable state is touched only on PipeWire's loop thread or under its lock.

    /// What the registry and the core report.
    package enum Event: Sendable, Hashable {
        /// A node appeared (or was first seen at connection).
        case nodeAdded(PipeWireNode)
        /// The node with this id is gone.
        case nodeRemoved(id: UInt32)
        /// The connection broke (the daemon stopped or restarted): PipeWire's message.
        case disconnected(String)
    }

    /// The library the connection calls.
    package let library: PipeWireLibrary
    private let loop: PipeWireLibrary.Object
    private let context: PipeWireLibrary.Object
    /// The core: `nil` once closed. Loop thread or lock.
    private(set) var core: PipeWireLibrary.Object?
    private var registry: PipeWireLibrary.Object?
    private let coreHook = UnsafeMutablePointer<CHapticSupport_SpaHook>.allocate(capacity: 1)
    private let registryHook = UnsafeMutablePointer<CHapticSupport_SpaHook>.allocate(capacity: 1)
    private let coreEvents = UnsafeMutablePointer<CHapticSupport_PWCoreEvents>.allocate(capacity: 1)
    private let registryEvents = UnsafeMutablePointer<CHapticSupport_PWRegistryEvents>.allocate(capacity: 1)
    private let handler: @Sendable (Event) -> Void
    /// The nodes the registry announced, by id. Loop thread or lock.
    private var knownNodes: [UInt32: PipeWireNode] = [:]
    private var isBroken = false
    private var isClosed = false
    /// The streams made on the connection and not yet destroyed: ``close()`` destroys them before the core, which
    /// would otherwise free them under their owners. Loop thread or lock.
    private var streams: [ObjectIdentifier: WeakStream] = [:]

    private struct WeakStream {
        weak var stream: PipeWireStream?
    }

    /// Connects to the daemon (`PIPEWIRE_REMOTE`, else `$XDG_RUNTIME_DIR/pipewire-0`).
    ///
    /// - Parameters:
    ///   - name: the client's `application.name` as PipeWire tools show it.
    ///   - handler: node and connection events, on PipeWire's loop thread; the nodes present are announced first.
    /// - Throws: ``PipeWireError`` `libraryMissing` (with how to install it), `notRunning` (with how to start it) or
    ///   `failed`.
    package init(name: String, handler: @escaping @Sendable (Event) -> Void) throws(PipeWireError) {
        guard let library = PipeWireLibrary.shared else {
            throw PipeWireError(.libraryMissing, PipeWireLibrary.loadProblem ?? "libpipewire-0.3 could not be loaded")
        }
        guard let loop = name.withCString({ library.threadLoopNew($0, nil) }) else {
            throw PipeWireError(.failed, "pw_thread_loop_new failed (errno \(errno))")
        }
        guard let mainLoop = library.threadLoopGetLoop(loop), let context = library.contextNew(mainLoop, nil, 0) else {
            library.threadLoopDestroy(loop)
            throw PipeWireError(.failed, "pw_context_new failed (errno \(errno))")
        }
        self.library = library
        self.loop = loop
        self.context = context
        self.handler = handler
        for hook in [coreHook, registryHook] { hook.initialize(to: CHapticSupport_SpaHook()) }
        coreEvents.initialize(to: Self.makeCoreEvents())
        registryEvents.initialize(to: Self.makeRegistryEvents())
        guard library.threadLoopStart(loop) >= 0 else {
            isClosed = true
            throw PipeWireError(.failed, "pw_thread_loop_start failed")
        }
        let failure: PipeWireError? = locked {
            let properties = library.properties([("application.name", name), ("media.category", "Manager")])
            guard let core = library.contextConnect(context, properties, 0) else {
                let code = errno
                let socket = ProcessEnvironment.current["PIPEWIRE_REMOTE"] ?? "$XDG_RUNTIME_DIR/pipewire-0"
                return PipeWireError(
                    .notRunning,
                    "PipeWire is not running (pw_context_connect to \(socket): \(Posix.describe(errno: code))); start it "
                        + "(systemctl --user start pipewire wireplumber), or check XDG_RUNTIME_DIR")
            }
            self.core = core
            let me = Unmanaged.passUnretained(self).toOpaque()
            _ = CHapticSupport_pwCoreAddListener(UnsafeMutableRawPointer(core), coreHook, coreEvents, me)
            if let registry = CHapticSupport_pwCoreGetRegistry(UnsafeMutableRawPointer(core)) {
                self.registry = OpaquePointer(registry)
                _ = CHapticSupport_pwRegistryAddListener(registry, registryHook, registryEvents, me)
            }
            return nil
        }
        if let failure {
            close()
            throw failure
        }
    }

    deinit {
        close()
        // The loop's lock outlives `close()`, for streams destroyed after it; nothing holds the connection now.
        library.contextDestroy(context)
        library.threadLoopDestroy(loop)
        coreHook.deallocate()
        registryHook.deallocate()
        coreEvents.deallocate()
        registryEvents.deallocate()
    }

    /// Runs `body` holding PipeWire's loop lock (`pw_thread_loop_lock`): what every call on the connection's objects
    /// from another thread needs.
    package func locked<T>(_ body: () -> T) -> T {
        library.threadLoopLock(loop)
        defer { library.threadLoopUnlock(loop) }
        return body()
    }

    /// Whether the daemon dropped the connection (then only ``close()`` is left to do).
    package var isDisconnected: Bool { locked { isBroken || core == nil } }

    /// The nodes the registry knows now.
    package var nodes: [PipeWireNode] { locked { Array(knownNodes.values).sorted { $0.id < $1.id } } }

    /// Destroys the connection's streams that are left, disconnects and stops PipeWire's loop thread. Safe to call
    /// twice; the connection's objects are freed when it is released.
    package func close() {
        let wasOpen: Bool = locked {
            guard !isClosed else { return false }
            isClosed = true
            for entry in streams.values { entry.stream?.destroyLocked() }
            streams = [:]
            CHapticSupport_spaHookRemove(registryHook)
            CHapticSupport_spaHookRemove(coreHook)
            if let registry { library.proxyDestroy(registry) }
            registry = nil
            if let core { _ = library.coreDisconnect(core) }
            core = nil
            return true
        }
        if wasOpen { library.threadLoopStop(loop) }
    }

    /// Registers a stream made on the connection (under the lock), so ``close()`` destroys it first.
    func register(_ stream: PipeWireStream) {
        streams[ObjectIdentifier(stream)] = WeakStream(stream: stream)
    }

    /// Forgets a destroyed stream (under the lock).
    func unregister(_ stream: PipeWireStream) {
        streams[ObjectIdentifier(stream)] = nil
    }

    // MARK: - Events (PipeWire's loop thread)

    private static func connection(_ data: UnsafeMutableRawPointer?) -> PipeWireConnection {
        Unmanaged<PipeWireConnection>.fromOpaque(data!).takeUnretainedValue()
    }

    private static func makeCoreEvents() -> CHapticSupport_PWCoreEvents {
        var events = CHapticSupport_PWCoreEvents()
        events.version = CHapticSupport_PW_VERSION_CORE_EVENTS
        events.error = { data, id, _, result, message in
            // An error on the core itself with EPIPE is the socket closing: the daemon is gone. Other errors name
            // their object (a stream's) and reach its owner through the stream's state.
            guard id == CHapticSupport_PW_ID_CORE, result == -EPIPE || result == -ECONNRESET else { return }
            let connection = PipeWireConnection.connection(data)
            guard !connection.isBroken else { return }
            connection.isBroken = true
            connection.handler(.disconnected(message.map { String(cString: $0) } ?? "connection closed"))
        }
        return events
    }

    private static func makeRegistryEvents() -> CHapticSupport_PWRegistryEvents {
        var events = CHapticSupport_PWRegistryEvents()
        events.version = CHapticSupport_PW_VERSION_REGISTRY_EVENTS
        events.global = { data, id, _, type, _, props in
            guard let type, String(cString: type) == "PipeWire:Interface:Node", let props else { return }
            func value(_ key: String) -> String {
                key.withCString { CHapticSupport_spaDictLookup(props, $0) }.map { String(cString: $0) } ?? ""
            }
            let node = PipeWireNode(
                id: id, serial: UInt64(value("object.serial")) ?? 0, name: value("node.name"), description: value("node.description"),
                mediaClass: value("media.class"), applicationName: value("application.name"))
            let connection = PipeWireConnection.connection(data)
            connection.knownNodes[id] = node
            connection.handler(.nodeAdded(node))
        }
        events.global_remove = { data, id in
            let connection = PipeWireConnection.connection(data)
            guard connection.knownNodes.removeValue(forKey: id) != nil else { return }
            connection.handler(.nodeRemoved(id: id))
        }
        return events
    }
}
#endif
