#if os(Linux)
import CHapticSupport
import HapticSystem

/// libpipewire-0.3 loaded at run time (`dlopen("libpipewire-0.3.so.0")`, falling back to `"libpipewire-0.3.so"`), with
/// our own declarations of the few types, constants and functions the bridge uses (CHapticSupportPipeWire.h), so
/// building needs no `libpipewire-0.3-dev`. A missing library means no bridge, with ``loadProblem`` saying how to get
/// it; everything else in the package works without it.
///
/// PipeWire's real functions (`pw_stream_*`, `pw_thread_loop_*`, `pw_context_*`, `pw_properties_*`) are in this table;
/// its inline and macro "interface" calls (`pw_core_add_listener`, `pw_core_get_registry`, `pw_registry_add_listener`)
/// and the format pod are in the C shim, which calls through the method tables PipeWire's objects carry.
///
/// - Thread safety: ``shared`` is loaded once (``pw_init`` is called then); the function pointers may be called as
///   PipeWire allows: the loop's objects under its lock, `dequeueBuffer`/`queueBuffer`/`timeNow` from the stream's
///   `process` callback on the data thread.
package struct PipeWireLibrary: @unchecked Sendable {
    // @unchecked: C function pointers are immutable after loading.

    /// `struct pw_thread_loop *`, `struct pw_loop *`, `struct pw_context *`, `struct pw_core *`,
    /// `struct pw_properties *`, `struct pw_stream *` and `struct pw_proxy *`: opaque.
    package typealias Object = OpaquePointer

    /// `const char *pw_get_library_version(void)`.
    package let libraryVersion: @convention(c) () -> UnsafePointer<CChar>?
    /// `struct pw_thread_loop *pw_thread_loop_new(const char *name, const struct spa_dict *props)`.
    package let threadLoopNew: @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CHapticSupport_SpaDict>?) -> Object?
    /// `void pw_thread_loop_destroy(struct pw_thread_loop *)`.
    package let threadLoopDestroy: @convention(c) (Object) -> Void
    /// `int pw_thread_loop_start(struct pw_thread_loop *)`.
    package let threadLoopStart: @convention(c) (Object) -> Int32
    /// `void pw_thread_loop_stop(struct pw_thread_loop *)`.
    package let threadLoopStop: @convention(c) (Object) -> Void
    /// `void pw_thread_loop_lock(struct pw_thread_loop *)`.
    package let threadLoopLock: @convention(c) (Object) -> Void
    /// `void pw_thread_loop_unlock(struct pw_thread_loop *)`.
    package let threadLoopUnlock: @convention(c) (Object) -> Void
    /// `struct pw_loop *pw_thread_loop_get_loop(struct pw_thread_loop *)`.
    package let threadLoopGetLoop: @convention(c) (Object) -> Object?
    /// `struct pw_context *pw_context_new(struct pw_loop *, struct pw_properties *props, size_t user_data_size)`.
    package let contextNew: @convention(c) (Object, Object?, Int) -> Object?
    /// `void pw_context_destroy(struct pw_context *)`.
    package let contextDestroy: @convention(c) (Object) -> Void
    /// `struct pw_core *pw_context_connect(struct pw_context *, struct pw_properties *props, size_t user_data_size)`.
    package let contextConnect: @convention(c) (Object, Object?, Int) -> Object?
    /// `int pw_core_disconnect(struct pw_core *)`.
    package let coreDisconnect: @convention(c) (Object) -> Int32
    /// `struct pw_properties *pw_properties_new_string(const char *args)`.
    package let propertiesNewString: @convention(c) (UnsafePointer<CChar>) -> Object?
    /// `int pw_properties_set(struct pw_properties *, const char *key, const char *value)`.
    package let propertiesSet: @convention(c) (Object, UnsafePointer<CChar>, UnsafePointer<CChar>?) -> Int32
    /// `void pw_properties_free(struct pw_properties *)`.
    package let propertiesFree: @convention(c) (Object) -> Void
    /// `struct pw_stream *pw_stream_new(struct pw_core *, const char *name, struct pw_properties *props)` (takes the
    /// properties).
    package let streamNew: @convention(c) (Object, UnsafePointer<CChar>, Object) -> Object?
    /// `void pw_stream_destroy(struct pw_stream *)`.
    package let streamDestroy: @convention(c) (Object) -> Void
    /// `void pw_stream_add_listener(struct pw_stream *, struct spa_hook *, const struct pw_stream_events *, void *data)`.
    package let streamAddListener:
        @convention(c) (
            Object, UnsafeMutablePointer<CHapticSupport_SpaHook>, UnsafePointer<CHapticSupport_PWStreamEvents>, UnsafeMutableRawPointer?
        ) -> Void
    /// `int pw_stream_connect(struct pw_stream *, enum spa_direction, uint32_t target_id, enum pw_stream_flags,
    /// const struct spa_pod **params, uint32_t n_params)`.
    package let streamConnect: @convention(c) (Object, UInt32, UInt32, UInt32, UnsafeMutablePointer<UnsafeRawPointer?>?, UInt32) -> Int32
    /// `int pw_stream_disconnect(struct pw_stream *)`.
    package let streamDisconnect: @convention(c) (Object) -> Int32
    /// `uint32_t pw_stream_get_node_id(struct pw_stream *)`.
    package let streamGetNodeID: @convention(c) (Object) -> UInt32
    /// `struct pw_buffer *pw_stream_dequeue_buffer(struct pw_stream *)`.
    package let dequeueBuffer: @convention(c) (Object) -> UnsafeMutablePointer<CHapticSupport_PWBuffer>?
    /// `int pw_stream_queue_buffer(struct pw_stream *, struct pw_buffer *)`.
    package let queueBuffer: @convention(c) (Object, UnsafeMutablePointer<CHapticSupport_PWBuffer>) -> Int32
    /// `int pw_stream_get_time_n(struct pw_stream *, struct pw_time *, size_t size)` (since 0.3.50), or `nil`.
    package let timeNow: (@convention(c) (Object, UnsafeMutablePointer<CHapticSupport_PWTime>, Int) -> Int32)?
    /// `void pw_proxy_destroy(struct pw_proxy *)`.
    package let proxyDestroy: @convention(c) (Object) -> Void
    /// The name the library was loaded under.
    package let loadedName: String

    /// The library's version (`pw_get_library_version`), "0.3.65" for example.
    package var version: String { libraryVersion().map { String(cString: $0) } ?? "unknown" }

    /// The library, or `nil` (with the reason in ``loadProblem``) when it is not installed.
    package static var shared: PipeWireLibrary? { try? loaded.get() }

    /// Why ``shared`` is `nil`: what is missing and how to get it.
    package static var loadProblem: String? {
        guard case .failure(let error) = loaded else { return nil }
        return
            "libpipewire-0.3.so.0 not found (\(error)): the PipeWire bridge needs PipeWire's client library "
            + "(Debian and Ubuntu: apt install libpipewire-0.3-0; Fedora: dnf install pipewire-libs; Arch: pacman -S pipewire)"
    }

    private static let loaded = DynamicLibrary.load(["libpipewire-0.3.so.0", "libpipewire-0.3.so"]) {
        library throws(DynamicLibrary.LoadError) in
        typealias Init = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void
        let initialize = try library.symbol("pw_init", as: Init.self)
        let table = try PipeWireLibrary(
            libraryVersion: library.symbol("pw_get_library_version", as: (@convention(c) () -> UnsafePointer<CChar>?).self),
            threadLoopNew: library.symbol(
                "pw_thread_loop_new", as: (@convention(c) (UnsafePointer<CChar>?, UnsafePointer<CHapticSupport_SpaDict>?) -> Object?).self),
            threadLoopDestroy: library.symbol("pw_thread_loop_destroy", as: (@convention(c) (Object) -> Void).self),
            threadLoopStart: library.symbol("pw_thread_loop_start", as: (@convention(c) (Object) -> Int32).self),
            threadLoopStop: library.symbol("pw_thread_loop_stop", as: (@convention(c) (Object) -> Void).self),
            threadLoopLock: library.symbol("pw_thread_loop_lock", as: (@convention(c) (Object) -> Void).self),
            threadLoopUnlock: library.symbol("pw_thread_loop_unlock", as: (@convention(c) (Object) -> Void).self),
            threadLoopGetLoop: library.symbol("pw_thread_loop_get_loop", as: (@convention(c) (Object) -> Object?).self),
            contextNew: library.symbol("pw_context_new", as: (@convention(c) (Object, Object?, Int) -> Object?).self),
            contextDestroy: library.symbol("pw_context_destroy", as: (@convention(c) (Object) -> Void).self),
            contextConnect: library.symbol("pw_context_connect", as: (@convention(c) (Object, Object?, Int) -> Object?).self),
            coreDisconnect: library.symbol("pw_core_disconnect", as: (@convention(c) (Object) -> Int32).self),
            propertiesNewString: library.symbol("pw_properties_new_string", as: (@convention(c) (UnsafePointer<CChar>) -> Object?).self),
            propertiesSet: library.symbol(
                "pw_properties_set", as: (@convention(c) (Object, UnsafePointer<CChar>, UnsafePointer<CChar>?) -> Int32).self),
            propertiesFree: library.symbol("pw_properties_free", as: (@convention(c) (Object) -> Void).self),
            streamNew: library.symbol("pw_stream_new", as: (@convention(c) (Object, UnsafePointer<CChar>, Object) -> Object?).self),
            streamDestroy: library.symbol("pw_stream_destroy", as: (@convention(c) (Object) -> Void).self),
            streamAddListener: library.symbol(
                "pw_stream_add_listener",
                as: (@convention(c) (
                    Object, UnsafeMutablePointer<CHapticSupport_SpaHook>, UnsafePointer<CHapticSupport_PWStreamEvents>,
                    UnsafeMutableRawPointer?
                ) -> Void).self),
            streamConnect: library.symbol(
                "pw_stream_connect",
                as: (@convention(c) (Object, UInt32, UInt32, UInt32, UnsafeMutablePointer<UnsafeRawPointer?>?, UInt32) -> Int32).self),
            streamDisconnect: library.symbol("pw_stream_disconnect", as: (@convention(c) (Object) -> Int32).self),
            streamGetNodeID: library.symbol("pw_stream_get_node_id", as: (@convention(c) (Object) -> UInt32).self),
            dequeueBuffer: library.symbol(
                "pw_stream_dequeue_buffer", as: (@convention(c) (Object) -> UnsafeMutablePointer<CHapticSupport_PWBuffer>?).self),
            queueBuffer: library.symbol(
                "pw_stream_queue_buffer", as: (@convention(c) (Object, UnsafeMutablePointer<CHapticSupport_PWBuffer>) -> Int32).self),
            timeNow: library.optionalSymbol(
                "pw_stream_get_time_n", as: (@convention(c) (Object, UnsafeMutablePointer<CHapticSupport_PWTime>, Int) -> Int32).self),
            proxyDestroy: library.symbol("pw_proxy_destroy", as: (@convention(c) (Object) -> Void).self),
            loadedName: library.name)
        // pw_init reads PIPEWIRE_DEBUG and loads the support plugins; once per process, before any other call.
        initialize(nil, nil)
        return table
    }

    /// A `pw_properties` holding `items` (in order; a later key replaces an earlier one), for a call that takes it
    /// over (`pw_stream_new`, `pw_context_connect`), or `nil` when PipeWire could not allocate it.
    package func properties(_ items: [(String, String)]) -> Object? {
        guard let properties = "".withCString({ propertiesNewString($0) }) else { return nil }
        for (key, value) in items {
            _ = key.withCString { k in value.withCString { v in propertiesSet(properties, k, v) } }
        }
        return properties
    }
}
#endif
