import Foundation
import HapticDevices
import HapticEngine
import HapticLoading
import HapticPattern
import HapticRender
import Synchronization

/// The connection to the haptic and audio output: start it, make players from patterns, and get told when it
/// stops or resets.
///
///     let engine = try CHHapticEngine()
///     engine.stoppedHandler = { reason in print("stopped: \(reason)") }
///     engine.resetHandler = { try? engine.start() }
///     try engine.start()
///     let player = try engine.makePlayer(with: pattern)
///     try player.start(atTime: CHHapticTimeImmediate)
///
/// Each engine has its own render thread while it runs, which renders the players into the output device block
/// by block (1 ms blocks at 48 kHz; 4 ms blocks at 1 kHz for evdev force feedback). `CHHapticEngine()` plays to
/// real hardware when the device layer finds some, and to a simulated actuator otherwise, so every program runs on
/// every machine.
///
/// Thread safety: an engine and its players may be used from any thread. Handlers are called on a private
/// serial queue, never on the render thread; do not assume the main thread.
///
/// As Core Haptics' `NSObject`, an engine is equal only to itself and hashes by identity (it can be a dictionary key
/// or a set member), and has `isEqual(_:)`, `hash` and `description`; it conforms to `NSObjectProtocol` but is not an
/// `NSObject` subclass, because Swift does not let an `NSObject` subclass declare a throwing `init()` (Objective-C's
/// `initAndReturnError:` is a selector of its own). There is no `init(audioSession:)` because Linux has no
/// `AVAudioSession`. See <doc:DifferencesFromCoreHaptics>.
open class CHHapticEngine: @unchecked Sendable {
    // @unchecked: the runtime is thread-safe; the handler slots are mutex-protected.

    /// The handler `start(completionHandler:)` and `stop(completionHandler:)` call: `nil`, or the error.
    public typealias CompletionHandler = (Error?) -> Void
    /// The handler of ``notifyWhenPlayersFinished(finishedHandler:)``: it says whether to stop the engine.
    public typealias FinishedHandler = (Error?) -> CHHapticEngine.FinishedAction
    /// The handler called when the engine stops on its own.
    public typealias StoppedHandler = (CHHapticEngine.StoppedReason) -> Void
    /// The handler called after the engine was reset.
    public typealias ResetHandler = () -> Void

    /// The runtime underneath (render thread, clock, players).
    package let runtime: EngineRuntime
    private let audioResources = AudioResourceRegistry()
    private let stoppedSlot = LockedSlot<StoppedHandler>({ _ in })
    private let resetSlot = LockedSlot<ResetHandler>({})
    /// A process-unique number for this engine (the key of its compiled programs with custom audio).
    private let serial: Int
    private static let serials = Atomic<Int>(0)
    /// How long continuous events play on this engine (30 s; `GCHapticDurationInfinite` for a game controller's).
    private let continuousDurationCap: Double

    // MARK: Creating an engine

    /// Creates an engine for the default output: the device `HAPTIC_DEVICE` names, else the first haptic hardware
    /// device discovery finds, else the simulated actuator.
    ///
    /// A designated initializer, as Core Haptics' is, so an app's subclass can override it and call `super.init()`.
    ///
    /// - Throws: `CHHapticError.Code.serverInitFailed` when the output cannot be created.
    public init() throws {
        let device: any HapticDevice
        do {
            device = try CHHapticEngine.deviceSource.output()
        } catch {
            throw CHHapticError(.serverInitFailed, message: "no output device could be opened: \(error)")
        }
        runtime = EngineRuntime(device: device, configuration: .recommended(for: device.info), clock: .realTime, route: .all)
        continuousDurationCap = PatternLimits.continuousEventMaximumDuration
        serial = CHHapticEngine.serials.wrappingAdd(1, ordering: .relaxed).newValue
        connectRuntime(deviceSource: nil, watchesForReturn: true)
    }

    /// Creates an engine for a given device (the injection point for device discovery, tools and tests).
    ///
    ///     let recorder = RecordingDevice(capacityFrames: 48_000)
    ///     let engine = CHHapticEngine(device: recorder, clock: .manual)
    ///     try engine.start()
    ///     engine.advance(bySeconds: 0.1)            // renders 100 ms into the recorder, deterministically
    ///
    /// - Parameters:
    ///   - device: the output.
    ///   - clock: real time (a render thread) or manual (``advance(bySeconds:)`` renders synchronously).
    ///   - configuration: block size, pools, idle timeout; `nil` (the default) takes
    ///     ``HapticEngine/EngineConfiguration/recommended(for:)`` for the device, as `CHHapticEngine()` does, so
    ///     every way of making an engine renders a device the same way.
    ///   - deviceSource: how a removed output is watched for until it comes back (hot-plug); `nil` uses
    ///     ``deviceSource`` as it is when the removal happens.
    ///   - route: which actuators of the device the engine drives (a game controller's locality); all by default.
    ///   - continuousDurationCap: how long continuous events may play: 30 s as in Core Haptics, or longer for a game
    ///     controller's engine (`GCHapticDurationInfinite`).
    ///   - watchesForReturn: whether a removed output is watched for (`false` for a game controller's engines: a
    ///     controller that comes back is a new `GCController` with new engines).
    package convenience init(
        device: any HapticDevice, clock: EngineClockMode = .realTime, configuration: EngineConfiguration? = nil,
        deviceSource: DeviceSource? = nil, route: MotorRoute = .all,
        continuousDurationCap: Double = PatternLimits.continuousEventMaximumDuration, watchesForReturn: Bool = true
    ) {
        self.init(
            output: device, clock: clock, configuration: configuration, deviceSource: deviceSource, route: route,
            continuousDurationCap: continuousDurationCap, watchesForReturn: watchesForReturn)
    }

    /// What ``init(device:clock:configuration:deviceSource:route:continuousDurationCap:watchesForReturn:)`` does. It is
    /// private, so that the only designated initializer other modules see is Core Haptics' `init()`.
    private init(
        output device: any HapticDevice, clock: EngineClockMode, configuration: EngineConfiguration?, deviceSource: DeviceSource?,
        route: MotorRoute, continuousDurationCap: Double, watchesForReturn: Bool
    ) {
        runtime = EngineRuntime(
            device: device, configuration: configuration ?? .recommended(for: device.info), clock: clock, route: route)
        self.continuousDurationCap = continuousDurationCap
        serial = CHHapticEngine.serials.wrappingAdd(1, ordering: .relaxed).newValue
        connectRuntime(deviceSource: deviceSource, watchesForReturn: watchesForReturn)
    }

    /// Routes the runtime's stop and reset notifications to the handler slots, and watches for a removed output.
    private func connectRuntime(deviceSource: DeviceSource?, watchesForReturn: Bool) {
        let stoppedSlot = self.stoppedSlot
        let resetSlot = self.resetSlot
        // The user's handlers are not Sendable; they are only ever called on the engine's callback path.
        runtime.stoppedHandler = { reason in stoppedSlot.value(reason) }
        runtime.resetHandler = { resetSlot.value() }
        // Hot-plug: the runtime watches for a removed output to come back, through the source as it is then.
        if watchesForReturn {
            runtime.returnWatcher = { removed, found in (deviceSource ?? CHHapticEngine.deviceSource).watchForReturn(removed, found) }
        }
    }

    deinit {
        // Playing players hold the runtime (fire and forget); an engine the app let go of ends here, as Core Haptics
        // ends a destroyed engine (stoppedHandler(.engineDestroyed)), so nothing is left running or allocated.
        runtime.destroy()
    }

    // MARK: NSObject's semantics (the conformances are in CHHapticEngine+NSObjectProtocol.swift)

    /// Whether `object` is this engine: engines are equal only to themselves, as `NSObject`s are. A subclass may
    /// override it (and ``hash``) to compare by value.
    open func isEqual(_ object: Any?) -> Bool { (object as? CHHapticEngine) === self }

    /// The engine's hash: its identity's, as `NSObject`'s.
    open var hash: Int { ObjectIdentifier(self).hashValue }

    /// `NSObject`'s description: the class and the address, `<CHHapticEngine: 0x…>`.
    open var description: String { "<\(type(of: self)): \(Unmanaged.passUnretained(self).toOpaque())>" }

    /// Whether the engine is watching for its removed output to come back.
    package var isWatchingForDeviceReturn: Bool { runtime.isWatchingForDeviceReturn }

    /// Describes the haptic and audio hardware of this machine.
    ///
    ///     let capabilities = CHHapticEngine.capabilitiesForHardware()
    ///     guard capabilities.supportsHaptics else { return }
    ///
    /// - Returns: What the output the user chose supports, when one was chosen explicitly (`HAPTIC_DEVICE`, or the
    ///   `haptic` tool's `--device`), so `HAPTIC_DEVICE=simulated` reports haptics and sample apps that check
    ///   `supportsHaptics` play in a demo. Otherwise what real hardware supports: with no haptic hardware,
    ///   `supportsHaptics` is `false` (engines still play, to the simulated actuator).
    open class func capabilitiesForHardware() -> any CHHapticDeviceCapability {
        let source = deviceSource
        if let chosen = source.chosen() {
            return HardwareCapability(supportsHaptics: chosen.supportsHaptics, supportsAudio: chosen.supportsAudio)
        }
        let hardware = source.hardware().filter(\.isHardware)
        return HardwareCapability(
            supportsHaptics: hardware.contains { $0.supportsHaptics }, supportsAudio: hardware.contains { $0.supportsAudio })
    }

    // MARK: Time and handlers

    /// The engine's clock in seconds; every `atTime:` argument is on it.
    ///
    ///     try player.start(atTime: engine.currentTime + 0.5)   // half a second from now
    open var currentTime: TimeInterval { runtime.currentTime }

    /// Called when the engine stops on its own — the output was removed or failed, auto-shutdown, or a finished
    /// handler asked — but not after ``stop(completionHandler:)``. Called on a background queue.
    open var stoppedHandler: CHHapticEngine.StoppedHandler {
        get { stoppedSlot.value }
        set { stoppedSlot.value = newValue }
    }

    /// Called after the engine was reset because its output failed and came back — for example a game pad
    /// unplugged (``stoppedHandler`` got `CHHapticEngine.StoppedReason.gameControllerDisconnect`) and plugged in again, which the
    /// engine notices by itself for evdev devices. Every player made before is
    /// invalid (their calls throw `CHHapticError.Code.invalidPatternPlayer`): make new players, register audio
    /// again if needed, and start the engine. Called on a background queue.
    open var resetHandler: CHHapticEngine.ResetHandler {
        get { resetSlot.value }
        set { resetSlot.value = newValue }
    }

    /// Whether the engine ignores audio events (default `false`). Takes effect when the engine next starts.
    open var playsHapticsOnly: Bool {
        get { runtime.playsHapticsOnly }
        set { runtime.playsHapticsOnly = newValue }
    }

    /// Whether the engine ignores haptic events (default `false`). Takes effect when the engine next starts.
    open var playsAudioOnly: Bool {
        get { runtime.playsAudioOnly }
        set { runtime.playsAudioOnly = newValue }
    }

    /// Silences the audio of every player of this engine (default `false`).
    open var isMutedForAudio: Bool {
        get { runtime.isMutedForAudio }
        set { runtime.isMutedForAudio = newValue }
    }

    /// Silences the haptics of every player of this engine (default `false`).
    open var isMutedForHaptics: Bool {
        get { runtime.isMutedForHaptics }
        set { runtime.isMutedForHaptics = newValue }
    }

    /// Whether the engine stops after about two minutes without playing players (``stoppedHandler`` gets
    /// `CHHapticEngine.StoppedReason.idleTimeout`) and starts again by itself when a player starts. Default `false`.
    open var isAutoShutdownEnabled: Bool {
        get { runtime.isAutoShutdownEnabled }
        set { runtime.isAutoShutdownEnabled = newValue }
    }

    // MARK: Starting and stopping

    /// Starts the engine and calls `completionHandler` (on a background queue) with `nil` or the error.
    open func start(completionHandler: CHHapticEngine.CompletionHandler? = nil) {
        var failure: CHHapticError?
        do { try runtime.start() } catch { failure = CHHapticError(error) }
        guard let completionHandler else { return }
        let handler = UncheckedSendable(value: completionHandler)
        let result = failure
        runtime.deliver { handler.value(result) }
    }

    /// Starts the engine and returns when it runs. Starting a running engine does nothing.
    ///
    /// - Throws: `CHHapticError.Code.serverInitFailed` when the output cannot be started.
    open func start() throws {
        do { try runtime.start() } catch { throw CHHapticError(error) }
    }

    /// Starts the engine: the `async` form of ``start(completionHandler:)``, as Swift imports Apple's method.
    ///
    ///     try await engine.start()
    ///
    /// - Throws: `CHHapticError.Code.serverInitFailed` when the output cannot be started.
    open func start() async throws {
        do { try runtime.start() } catch { throw CHHapticError(error) }
    }

    /// Stops the engine and every player, then calls `completionHandler` (on a background queue). Does not call
    /// ``stoppedHandler``.
    ///
    /// Events already due when `stop` is called still sound: a player started with ``CHHapticTimeImmediate`` just
    /// before (whose first block may not have rendered yet) plays its onset, and a transient that has begun plays
    /// to its end; the engine stops once they have, at most ``stopGraceDuration`` after the latest such start (on a
    /// rumble or ERM motor, plus the burst a transient becomes there: up to 100 ms on a pad, so the tap is felt).
    /// Nothing that would begin after the call sounds. So `try player.start(atTime: 0)` followed by
    /// `engine.stop(completionHandler: nil)` plays the tap, as it does on Apple's devices, where stopping is
    /// asynchronous.
    open func stop(completionHandler: CHHapticEngine.CompletionHandler? = nil) {
        runtime.stop()
        guard let completionHandler else { return }
        let handler = UncheckedSendable(value: completionHandler)
        runtime.deliver { handler.value(nil) }
    }

    /// Stops the engine: the `async` form of ``stop(completionHandler:)``.
    ///
    ///     try await engine.stop()
    ///
    /// Declared `async throws`, as Apple declares it, so Apple's call sites and a subclass that overrides it as
    /// Apple declares compile unchanged. Stopping cannot fail here: it never throws.
    ///
    /// - Throws: nothing on Linux (the `throws` is Apple's signature).
    open func stop() async throws {
        runtime.stop()
    }

    /// How long ``stop(completionHandler:)`` lets events that were already due sound: 25 ms after the latest start
    /// at ``CHHapticTimeImmediate`` (a transient lasts at most 20 ms).
    public static var stopGraceDuration: TimeInterval { EngineRuntime.stopGraceDuration }

    /// Calls `finishedHandler` once, when no player of this engine is playing any more — at once if the engine
    /// runs and none is; when registered before ``start(completionHandler:)``, once the players started after it have finished. If it
    /// returns ``FinishedAction/stopEngine`` the engine stops and ``stoppedHandler`` gets
    /// `CHHapticEngine.StoppedReason.notifyWhenFinished`.
    ///
    ///     engine.notifyWhenPlayersFinished { error in
    ///         return .stopEngine
    ///     }
    ///
    /// If the engine stops while players still play, the handler gets `CHHapticError.Code.engineNotRunning` and its
    /// answer is ignored.
    ///
    /// - Note: Every handler is called exactly once, even when nothing ever plays. One registered on an engine that
    ///   is not running is called with no error when the engine starts and no player follows (at the engine's first
    ///   service pass, about 50 ms after the start), when the engine is stopped, or when it is released. Core Haptics
    ///   does not document these cases.
    open func notifyWhenPlayersFinished(finishedHandler: @escaping CHHapticEngine.FinishedHandler) {
        let handler = UncheckedSendable(value: finishedHandler)
        runtime.notifyWhenPlayersFinished { error in
            handler.value(error.map { CHHapticError($0) }) == .stopEngine
        }
    }

    // MARK: Players

    /// Makes a player for `pattern`. The engine does not have to be running.
    ///
    /// - Throws: ``CHHapticError`` — `invalidEventDuration` for a sustained continuous event without a duration,
    ///   `invalidAudioResource` for custom audio that is not registered or cannot be read, and the other
    ///   playability errors of the pattern.
    open func makePlayer(with pattern: CHHapticPattern) throws -> any CHHapticPatternPlayer {
        StandardPatternPlayer(player: runtime.makePlayer(program: try program(for: pattern)))
    }

    /// Makes a player for `pattern`: the spelling of Apple's HapticBounce sample, the Objective-C name
    /// (`createPlayerWithPattern:error:`) of ``makePlayer(with:)``.
    ///
    /// - Throws: ``CHHapticError`` as for ``makePlayer(with:)``.
    @available(*, deprecated, renamed: "makePlayer(with:)", message: "Swift imports createPlayerWithPattern:error: as makePlayer(with:)")
    open func createPlayer(with pattern: CHHapticPattern) throws -> any CHHapticPatternPlayer {
        try makePlayer(with: pattern)
    }

    /// Makes an advanced player: the Objective-C name (`createAdvancedPlayerWithPattern:error:`) of
    /// ``makeAdvancedPlayer(with:)``.
    ///
    /// - Throws: ``CHHapticError`` as for ``makePlayer(with:)``.
    @available(
        *, deprecated, renamed: "makeAdvancedPlayer(with:)",
        message: "Swift imports createAdvancedPlayerWithPattern:error: as makeAdvancedPlayer(with:)"
    )
    open func createAdvancedPlayer(with pattern: CHHapticPattern) throws -> any CHHapticAdvancedPatternPlayer {
        try makeAdvancedPlayer(with: pattern)
    }

    /// Makes an advanced player (pause, resume, seek, loop, rate, completion) for `pattern`.
    ///
    /// - Throws: ``CHHapticError`` as for ``makePlayer(with:)``.
    open func makeAdvancedPlayer(with pattern: CHHapticPattern) throws -> any CHHapticAdvancedPatternPlayer {
        AdvancedPatternPlayer(player: runtime.makePlayer(program: try program(for: pattern)))
    }

    /// Plays an AHAP file (JSON, or a property list when the name ends in `.plist`) at once on an internal
    /// player, starting the engine if it is stopped.
    ///
    /// - Throws: ``CHHapticError`` — `fileNotFound`, the pattern's errors, `serverInitFailed`.
    open func playPattern(from fileURL: URL) throws {
        let pattern = try CHHapticPattern(playableFileAt: fileURL)
        try play(pattern)
    }

    /// Plays AHAP data (JSON, else a property list) at once on an internal player, starting the engine if it is
    /// stopped.
    ///
    /// - Throws: ``CHHapticError`` — `invalidPatternDictionary` and the pattern's other errors.
    open func playPattern(from data: Data) throws {
        let pattern = try CHHapticPattern(data: data)
        try play(pattern)
    }

    private func play(_ pattern: CHHapticPattern) throws {
        let player = runtime.makePlayer(program: try program(for: pattern))
        try withCoreHapticsErrors {
            try runtime.start()
            try player.start(atTime: 0)
        }
    }

    // MARK: Audio resources

    /// Registers a WAV file for `audioCustom` events and returns its ID. Registering the same file with the same
    /// options again returns the same ID.
    ///
    ///     let id = try engine.registerAudioResource(url, options: [CHHapticAudioResourceKeyUseVolumeEnvelope: false])
    ///     let event = CHHapticEvent(audioResourceID: id, parameters: [], relativeTime: 0)
    ///
    /// - Parameters:
    ///   - resourceURL: a file URL of a WAV file (PCM 8/16/24/32-bit or float, mono or stereo).
    ///   - options: ``CHHapticAudioResourceKeyUseVolumeEnvelope`` and ``CHHapticAudioResourceKeyLoopEnabled``
    ///     (`Bool`s); other keys are ignored.
    /// - Returns: The ID (never 0).
    /// - Throws: ``CHHapticError`` — `fileNotFound`, `invalidAudioResource` (not a readable WAV file).
    ///
    /// - Note: Core Haptics reads any format AVAudioFile reads; OpenCoreHaptics reads WAV only.
    open func registerAudioResource(_ resourceURL: URL, options: [AnyHashable: Any] = [:]) throws -> CHHapticAudioResourceID {
        var envelope: Bool?
        var loop: Bool?
        for (key, value) in options {
            guard let name = key.base as? String else { continue }
            let flag = (value as? Bool) ?? (value as? NSNumber)?.boolValue
            if name == CHHapticAudioResourceKeyUseVolumeEnvelope { envelope = flag }
            if name == CHHapticAudioResourceKeyLoopEnabled { loop = flag }
        }
        do {
            return try audioResources.register(resourceURL, usesVolumeEnvelope: envelope, loopEnabled: loop)
        } catch {
            throw CHHapticError(error)
        }
    }

    /// Forgets a registered audio resource. Players made before keep playing it.
    ///
    /// - Throws: `CHHapticError.Code.invalidAudioResource` for an unknown ID.
    open func unregisterAudioResource(_ resourceID: CHHapticAudioResourceID) throws {
        guard audioResources.unregister(resourceID) else {
            throw CHHapticError(.invalidAudioResource, message: "no audio resource has the ID \(resourceID)")
        }
    }

    // MARK: Compiling

    /// The compiled program of `pattern` for this engine, from the pattern's cache when possible (the engine's
    /// `HapticLoading.PatternCompiler` does the work).
    package func program(for pattern: CHHapticPattern) throws(CHHapticError) -> PatternProgram {
        let capsContinuousEvents = continuousDurationCap == PatternLimits.continuousEventMaximumDuration
        // Fast path: a pattern without custom audio is cached for every ordinary engine under the `nil` key.
        if capsContinuousEvents, let program = pattern.programCache.program(for: nil) { return program }
        // Programs that depend on this engine (its audio resources, or a longer continuous cap) are cached for it alone.
        let engineSpecific =
            PatternCompiler.usesCustomAudio(pattern.pattern) || !capsContinuousEvents
        let key = engineSpecific ? PatternProgramCache.Key(engine: serial, revision: audioResources.revision) : nil
        if let program = pattern.programCache.program(for: key) { return program }
        do {
            let compiler = PatternCompiler(resources: audioResources, continuousDurationCap: continuousDurationCap)
            let program = try compiler.compile(
                pattern.pattern, decodedAudio: pattern.decodedAudio,
                locate: { path throws(PatternError) in try pattern.waveformURL(for: path) })
            pattern.programCache.store(program, for: key)
            return program
        } catch {
            throw CHHapticError(error)
        }
    }

    // MARK: Package interface (tests, tools, device layer)

    /// Manual clock: renders `seconds` of output into the device and runs the callbacks that became due, on this
    /// thread, before returning.
    package func advance(bySeconds seconds: TimeInterval) { runtime.advance(bySeconds: seconds) }

    /// The idle time before auto-shutdown, in seconds (120 unless configured).
    package var idleTimeout: TimeInterval {
        get { runtime.idleTimeout }
        set { runtime.idleTimeout = newValue }
    }

    /// Signals that the output came back after a failure (or was replaced): the engine resets — players become
    /// invalid — and ``resetHandler`` runs.
    package func deviceDidRecover(replacingDevice device: (any HapticDevice)? = nil) {
        runtime.reset(replacingDevice: device)
    }

    /// Stops the engine as if the system had, with `reason` (interruption, suspension …).
    package func simulateStop(_ reason: CHHapticEngine.StoppedReason) {
        runtime.simulateExternalStop(reason)
    }
}
