import HapticDevices
import HapticPattern
import HapticRender
import HapticSystem

/// A ``FeedbackOutput`` that renders each feedback through HapticRender's real-time `Mixer`,
/// as an engine would, but offline and at once, keeping the rendered haptic bus for inspection.
///
/// It is the test double with real signal (pulse counts, spacing and strength come from the same mixer a device
/// is driven by), and the stand-in output where no engine is wired up. Like an engine, it has a cold and a warm
/// state: ``prepare(_:)`` builds the mixer and compiles the patterns; a ``play(_:intensity:)`` after
/// ``idleTimeout`` seconds without activity starts cold again and pays for both. Each ``Rendering`` records the
/// wall time from the call to the first rendered block that carried signal (``Rendering/latency``).
///
///     let output = OfflineFeedbackOutput()
///     output.play(FeedbackEffect.named("error")!, intensity: 1)
///     let pulses = output.renderings.last!.pulses()
///     print(pulses.count)   // 3
///
/// Thread safety: any thread; calls are serialized by a lock (rendering happens inside the call).
/// Real-time safety: none needed; this output never runs on a render thread.
public final class OfflineFeedbackOutput: FeedbackOutput {
    /// The haptic-bus sample rate, frames per second.
    public let sampleRate: Double
    /// Frames per rendered block (the latency granularity).
    public let blockFrames: Int
    /// Seconds without any call after which the output goes cold (drops its mixer and compiled patterns).
    public let idleTimeout: Double
    /// How many recent renderings are kept in ``renderings``.
    public let historyLimit: Int

    private let clock: @Sendable () -> Double
    private let state = LockedState(State())

    private struct State {
        /// The mixer's control side (it keeps the programs the mixer reads alive; see HapticRender's `MixerControl`).
        var control: MixerControl?
        var storage: BusStorage?
        var programs: [ProgramKey: (pattern: Pattern, program: PatternProgram)] = [:]
        var lastActivity = -Double.infinity
        var renderings: [Rendering] = []
        var coldStarts = 0
    }

    /// Programs are looked up by name and intensity (hashing a whole pattern on every play would cost more than
    /// the render); the stored pattern is compared on a hit, so an app effect reusing a name still plays right.
    private struct ProgramKey: Hashable {
        var name: String
        var intensityMillis: Int
    }

    /// Creates a cold output.
    ///
    /// - Parameters:
    ///   - sampleRate: the haptic-bus rate; 8 kHz resolves 10 ms transients well and keeps rendering cheap.
    ///   - blockFrames: frames per block (64 frames at 8 kHz = 8 ms).
    ///   - idleTimeout: seconds of inactivity before the output goes cold again.
    ///   - historyLimit: how many renderings to keep.
    ///   - clock: monotonic seconds, for the idle timeout (inject a manual clock in tests).
    public init(
        sampleRate: Double = 8_000, blockFrames: Int = 64, idleTimeout: Double = 5, historyLimit: Int = 64,
        clock: (@Sendable () -> Double)? = nil
    ) {
        precondition(sampleRate >= 1_000 && blockFrames > 0 && historyLimit >= 0, "OfflineFeedbackOutput: bad configuration")
        self.sampleRate = sampleRate
        self.blockFrames = blockFrames
        self.idleTimeout = idleTimeout
        self.historyLimit = historyLimit
        self.clock = clock ?? MonotonicSeconds.now
    }

    /// Builds the mixer and compiles `effects` at full intensity, then stays warm for ``idleTimeout`` seconds.
    public func prepare(_ effects: [FeedbackEffect]) {
        let now = clock()
        state.withLock { state in
            warmUp(&state, now: now)
            for effect in effects { _ = program(for: effect, intensity: 1, in: &state) }
            state.lastActivity = now
        }
    }

    /// Renders `effect` to the end and keeps the result in ``renderings``.
    public func play(_ effect: FeedbackEffect, intensity: Double) {
        let started = ContinuousClock.now
        let now = clock()
        state.withLock { state in
            let wasWarm = isWarm(state, now: now)
            warmUp(&state, now: now)
            state.lastActivity = now
            guard let control = state.control, let storage = state.storage,
                let program = program(for: effect, intensity: intensity, in: &state),
                let handle = control.allocatePlayer()
            else { return }
            let mixer = control.mixer
            guard control.start(handle, program: program, atFrame: mixer.currentFrame, offset: 0) else {
                control.freePlayer(handle)
                return
            }
            let totalFrames = Int(((program.duration + 0.05) * sampleRate).rounded(.up))
            var amplitude: [Float] = []
            var sharpness: [Float] = []
            amplitude.reserveCapacity(totalFrames)
            sharpness.reserveCapacity(totalFrames)
            var latency: Duration?
            while amplitude.count < totalFrames {
                let n = Swift.min(blockFrames, totalFrames - amplitude.count)
                mixer.render(frameCount: n, haptic: storage.haptic, audio: storage.audio)
                let block = UnsafeBufferPointer(rebasing: storage.haptic.amplitude[0..<n])
                if latency == nil, block.contains(where: { $0 > 0 }) { latency = ContinuousClock.now - started }
                amplitude.append(contentsOf: block)
                sharpness.append(contentsOf: UnsafeBufferPointer(rebasing: storage.haptic.sharpness[0..<n]))
            }
            control.freePlayer(handle)
            mixer.render(frameCount: 1, haptic: storage.haptic, audio: storage.audio)
            control.collect { _ in }  // takes the program back from the mixer
            let rendering = Rendering(
                effectName: effect.name, intensity: intensity, sampleRate: sampleRate, amplitude: amplitude,
                sharpness: sharpness, latency: latency ?? (ContinuousClock.now - started), wasWarm: wasWarm)
            if historyLimit > 0 {
                if state.renderings.count >= historyLimit { state.renderings.removeFirst() }
                state.renderings.append(rendering)
            }
        }
    }

    /// The most recent renderings, oldest first (at most ``historyLimit``).
    public var renderings: [Rendering] { state.withLock { $0.renderings } }

    /// How many times the output started cold (built its mixer).
    public var coldStartCount: Int { state.withLock { $0.coldStarts } }

    /// Whether the output is warm now (prepared or used within ``idleTimeout`` seconds).
    public var isWarm: Bool {
        let now = clock()
        return state.withLock { isWarm($0, now: now) }
    }

    /// Forgets the renderings.
    public func removeAllRenderings() { state.withLock { $0.renderings.removeAll() } }

    // MARK: Private

    private func isWarm(_ state: State, now: Double) -> Bool {
        state.control != nil && now - state.lastActivity <= idleTimeout
    }

    /// Goes cold if idle too long, then makes sure the mixer exists.
    private func warmUp(_ state: inout State, now: Double) {
        if state.control != nil && now - state.lastActivity > idleTimeout {
            state.control = nil
            state.storage = nil
            state.programs.removeAll()
        }
        if state.control == nil {
            state.coldStarts += 1
            let mixer = Mixer(
                configuration: MixerConfiguration(
                    sampleRate: sampleRate, maxBlockFrames: blockFrames, playerCapacity: 16, voiceCapacity: 256,
                    commandCapacity: 256, notificationCapacity: 256),
                profile: .simulatedTapticLRA)
            state.control = MixerControl(mixer: mixer)
            state.storage = BusStorage(capacity: blockFrames)
        }
    }

    /// The compiled program for `effect` at `intensity`, compiling and caching it on first use.
    private func program(for effect: FeedbackEffect, intensity: Double, in state: inout State) -> PatternProgram? {
        let key = ProgramKey(name: effect.name, intensityMillis: Int((intensity * 1000).rounded()))
        if let cached = state.programs[key], cached.pattern == effect.pattern { return cached.program }
        guard let compiled = try? PatternProgram(pattern: effect.scaledPattern(by: intensity)) else { return nil }
        state.programs[key] = (effect.pattern, compiled)
        return compiled
    }
}
