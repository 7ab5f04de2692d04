import HapticAnalysis
import HapticPattern
import HapticRender
import HapticSystem

/// What one route does to its source's two channels before they reach a pad: the one place where the bridge decides
/// how a game's coil signal or an application's sound becomes a pad's actuator signals.
///
/// | Mode | Source → pad | What plays |
/// |---|---|---|
/// | ``Mode/coils`` | a bridge sink → voice coils | channels 3/4 as they are (PCM), shaped |
/// | ``Mode/coilSound`` | an application → voice coils | its sound below 350 Hz, at the analysis' level, shaped |
/// | ``Mode/coilSynth`` | an application → voice coils | ``ActuatorTranslator``'s PCM carrier at the analysis' level and sharpness, a tap on each hit |
/// | ``Mode/motors`` | either → rumble motors | ``ActuatorTranslator``'s two-motor shaping of the analysis (bursts on hits) |
///
/// Left and right stay apart (`split` ``Split/sides``: the left signal plays on the left coil or the strong,
/// left-handle motor; the right on the right one), or, for sound on motors (``Split/sharpness``), the two are mixed
/// and the translator splits by sharpness (dull → strong, sharp → weak). A route's level is shaped by the
/// application's ``LevelShape`` then the device's. With `triggerPulses`, strong hits (intensity ≥ 0.5) also pulse the
/// trigger motors for 40 ms (left hits the left trigger).
///
///     let route = try RouteProcessor(mode: .motors, split: .sides, profile: .twoMotorPad, maxFrames: 8_192,
///                                    normalizesLoudness: false)
///     route.process(left: l, right: r, count: 256, into: padBus)   // adds to what other routes wrote
///
/// - Thread safety: one thread at a time (the pad's output thread), after it was made on a control thread.
/// - Real-time safety: ``process(left:right:count:into:)`` does not lock, allocate or free.
package final class RouteProcessor: @unchecked Sendable {
    // @unchecked: owned by one pad thread once published (see BridgeInput).

    /// How the route makes the pad's signals.
    package enum Mode: String, Sendable, Hashable {
        /// The source is already a coil signal: passed through, shaped.
        case coils
        /// The source's low band, played on the coils.
        case coilSound
        /// A carrier synthesized from the analysis, played on the coils.
        case coilSynth
        /// Motor levels from the analysis.
        case motors
    }

    /// How left and right reach the actuators.
    package enum Split: String, Sendable, Hashable {
        /// Left on the left actuator, right on the right.
        case sides
        /// Mixed, then split by sharpness (motors only).
        case sharpness
    }

    /// The route's mode.
    package let mode: Mode
    /// The route's split.
    package let split: Split
    /// The application's shape, then the device's.
    package let shapes: (application: LevelShape, device: LevelShape)
    private let triggerPulses: Bool
    private let maxFrames: Int
    private var leftAnalyzer: LiveAudioAnalyzer
    private var rightAnalyzer: LiveAudioAnalyzer
    private var leftTranslator: ActuatorTranslator
    private var rightTranslator: ActuatorTranslator
    private let scratch: BusStorage
    private let work: UnsafeMutablePointer<Float>
    private var envelope: (Float, Float) = (0, 0)
    private var filters: (BandLimit, BandLimit)
    private var tap: (Float, Float) = (0, 0)
    private var triggerHold: (Int, Int) = (0, 0)
    private var triggerLevel: (Float, Float) = (0, 0)
    private let attack: Float
    private let release: Float
    private let tapDecay: Float
    private let triggerFrames: Int

    /// Scratch buffers in `work`: level, sharpness, onsets, shaped level, weighted sharpness, shaped onsets, mono.
    private static let workBuffers = 7

    /// A route.
    ///
    /// - Parameters:
    ///   - mode: what the route plays.
    ///   - split: how left and right reach the actuators.
    ///   - profile: the pad's actuator profile (its carrier band, its motors' bursts).
    ///   - maxFrames: the largest block ``process(left:right:count:into:)`` is given.
    ///   - sampleRate: frames per second.
    ///   - application: the application's level shape (identity for a bridge sink).
    ///   - device: the device's level shape.
    ///   - analysis: the analysis' knobs (sensitivity, the most transients a second).
    ///   - normalizesLoudness: whether the analysis scales levels to the loudest recent moment (an application's sound)
    ///     or takes them as they are (a game's coil signal).
    ///   - triggerPulses: whether strong hits pulse the trigger motors.
    /// - Throws: `PatternError` for analysis options out of range.
    package init(
        mode: Mode, split: Split, profile: ActuatorProfile, maxFrames: Int, sampleRate: Double = 48_000,
        application: LevelShape = .identity, device: LevelShape = .identity,
        analysis: AudioAnalysisOptions = AudioAnalysisOptions(maximumTransientRate: 20), normalizesLoudness: Bool,
        triggerPulses: Bool = false
    ) throws(PatternError) {
        self.mode = mode
        self.split = mode == .motors ? split : .sides
        shapes = (application, device)
        self.triggerPulses = triggerPulses
        self.maxFrames = maxFrames
        leftAnalyzer = try LiveAudioAnalyzer(sampleRate: sampleRate, options: analysis, normalizesLoudness: normalizesLoudness)
        rightAnalyzer = leftAnalyzer
        leftTranslator = ActuatorTranslator(profile: mode == .coilSynth ? .voiceCoil : profile, sampleRate: sampleRate)
        rightTranslator = leftTranslator
        scratch = BusStorage(capacity: maxFrames)
        work = .allocate(capacity: maxFrames * Self.workBuffers)
        work.initialize(repeating: 0, count: maxFrames * Self.workBuffers)
        filters = (BandLimit(sampleRate: sampleRate), BandLimit(sampleRate: sampleRate))
        func smoothing(_ seconds: Double) -> Float { Float(1 - exp(-1 / (seconds * sampleRate))) }
        attack = smoothing(0.001)
        release = smoothing(0.04)
        tapDecay = Float(exp(-1 / (0.015 * sampleRate)))
        triggerFrames = Int(0.04 * sampleRate)
    }

    deinit {
        work.deallocate()
    }

    private func buffer(_ index: Int) -> UnsafeMutablePointer<Float> { work + index * maxFrames }

    /// The application's shape, then the device's.
    @inline(__always)
    private func shaped(_ level: Float) -> Float { shapes.device.apply(shapes.application.apply(level)) }

    /// Adds the route's signals for `count` frames of `left` and `right` to `bus` (its `strong`/`weak` actuator
    /// channels, trigger channels, `amplitude` and `drive`); `count` ≤ the `maxFrames` it was made for.
    package func process(left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>, count: Int, into bus: HapticBusBuffers) {
        let n = Swift.min(count, maxFrames)
        switch mode {
        case .coils:
            passThrough(left, count: n, side: 0, into: bus.strong, bus: bus)
            passThrough(right, count: n, side: 1, into: bus.weak, bus: bus)
        case .coilSound:
            for i in 0..<n {
                left[i] = filters.0.process(left[i])
                right[i] = filters.1.process(right[i])
            }
            analyzeAndScale(left, count: n, side: 0, into: bus.strong, bus: bus)
            analyzeAndScale(right, count: n, side: 1, into: bus.weak, bus: bus)
        case .coilSynth, .motors:
            if split == .sharpness {
                let mono = buffer(6)
                for i in 0..<n { mono[i] = 0.5 * (left[i] + right[i]) }
                translate(mono, count: n, side: 0, bus: bus, both: true)
            } else {
                translate(left, count: n, side: 0, bus: bus, both: false)
                translate(right, count: n, side: 1, bus: bus, both: false)
            }
        }
    }

    /// A coil signal as it is, its envelope shaped.
    private func passThrough(
        _ x: UnsafeMutablePointer<Float>, count n: Int, side: Int, into out: UnsafeMutableBufferPointer<Float>, bus: HapticBusBuffers
    ) {
        var env = side == 0 ? envelope.0 : envelope.1
        let identity = shapes.application.isIdentity && shapes.device.isIdentity
        for i in 0..<n {
            let magnitude = abs(x[i])
            env += (magnitude - env) * (magnitude > env ? attack : release)
            let gain = identity ? 1 : (env > LevelShape.silence ? shaped(env) / env : 0)
            let y = Swift.max(-1, Swift.min(1, x[i] * gain))
            out[i] += y
            bus.drive[i] += 0.5 * y
            bus.amplitude[i] = Swift.max(bus.amplitude[i], abs(y))
        }
        if side == 0 { envelope.0 = env } else { envelope.1 = env }
    }

    /// Runs the side's live analysis of `x` into `level`, `sharpness` and `onsets`.
    private func analyze(
        _ x: UnsafeMutablePointer<Float>, count n: Int, side: Int, level: UnsafeMutablePointer<Float>,
        sharpness: UnsafeMutablePointer<Float>, onsets: UnsafeMutablePointer<Float>
    ) {
        if side == 0 {
            leftAnalyzer.process(x, count: n, level: level, sharpness: sharpness, onsets: onsets)
        } else {
            rightAnalyzer.process(x, count: n, level: level, sharpness: sharpness, onsets: onsets)
        }
    }

    /// A band-limited sound scaled so its envelope follows the analysis' shaped level.
    private func analyzeAndScale(
        _ x: UnsafeMutablePointer<Float>, count n: Int, side: Int, into out: UnsafeMutableBufferPointer<Float>, bus: HapticBusBuffers
    ) {
        let level = buffer(0)
        let sharpness = buffer(1)
        let onsets = buffer(2)
        analyze(x, count: n, side: side, level: level, sharpness: sharpness, onsets: onsets)
        var env = side == 0 ? envelope.0 : envelope.1
        for i in 0..<n {
            let magnitude = abs(x[i])
            env += (magnitude - env) * (magnitude > env ? attack : release)
            let target = shaped(level[i])
            let y = env > LevelShape.silence ? Swift.max(-1, Swift.min(1, x[i] * target / env)) : 0
            out[i] += y
            bus.drive[i] += 0.5 * y
            bus.amplitude[i] = Swift.max(bus.amplitude[i], target)
        }
        if side == 0 { envelope.0 = env } else { envelope.1 = env }
        pulseTriggers(onsets, count: n, side: side, both: false, bus: bus)
    }

    /// The analysis of `x`, shaped, through the side's translator: a coil carrier or motor levels.
    private func translate(_ x: UnsafeMutablePointer<Float>, count n: Int, side: Int, bus: HapticBusBuffers, both: Bool) {
        let level = buffer(0)
        let sharpness = buffer(1)
        let onsets = buffer(2)
        let amplitude = buffer(3)
        let weighted = buffer(4)
        let shapedOnsets = buffer(5)
        analyze(x, count: n, side: side, level: level, sharpness: sharpness, onsets: onsets)
        var tapLevel = side == 0 ? tap.0 : tap.1
        for i in 0..<n {
            let onset = onsets[i] > 0 ? shaped(onsets[i]) : 0
            shapedOnsets[i] = onset
            var a = shaped(level[i])
            if mode == .coilSynth {
                // A coil can tap: a 15 ms decaying pulse at each hit, over the continuous level.
                tapLevel = Swift.max(tapLevel * tapDecay, onset)
                a = Swift.max(a, tapLevel)
            }
            amplitude[i] = a
            weighted[i] = a * sharpness[i]
        }
        if side == 0 { tap.0 = tapLevel } else { tap.1 = tapLevel }
        let out = scratch.haptic
        if side == 0 {
            _ = leftTranslator.shape(frameCount: n, amplitudeSum: amplitude, sharpnessSum: weighted, onsets: shapedOnsets, into: out)
        } else {
            _ = rightTranslator.shape(frameCount: n, amplitudeSum: amplitude, sharpnessSum: weighted, onsets: shapedOnsets, into: out)
        }
        for i in 0..<n {
            if both {
                bus.strong[i] += out.strong[i]
                bus.weak[i] += out.weak[i]
            } else if side == 0 {
                // The whole signal on the left actuator (MotorRoute.strong): the coil's carrier or the drive envelope.
                bus.strong[i] += out.drive[i]
            } else {
                bus.weak[i] += out.drive[i]
            }
            bus.drive[i] += both ? out.drive[i] : 0.5 * out.drive[i]
            bus.amplitude[i] = Swift.max(bus.amplitude[i], out.amplitude[i])
        }
        pulseTriggers(shapedOnsets, count: n, side: side, both: both, bus: bus)
    }

    /// Strong hits held on the trigger motors for 40 ms.
    private func pulseTriggers(_ onsets: UnsafeMutablePointer<Float>, count n: Int, side: Int, both: Bool, bus: HapticBusBuffers) {
        guard triggerPulses else { return }
        for i in 0..<n {
            if onsets[i] >= 0.5 {
                if side == 0 || both { (triggerHold.0, triggerLevel.0) = (triggerFrames, onsets[i]) }
                if side == 1 || both { (triggerHold.1, triggerLevel.1) = (triggerFrames, onsets[i]) }
            }
            if side == 0 || both, triggerHold.0 > 0 {
                triggerHold.0 -= 1
                bus.leftTrigger[i] = Swift.max(bus.leftTrigger[i], triggerLevel.0)
            }
            if side == 1 || both, triggerHold.1 > 0 {
                triggerHold.1 -= 1
                bus.rightTrigger[i] = Swift.max(bus.rightTrigger[i], triggerLevel.1)
            }
        }
    }
}

/// The low band a coil plays of an application's sound: a 2nd-order Butterworth low-pass at 350 Hz after a one-pole
/// high-pass at 30 Hz (no DC or sub-bass the coil cannot move).
struct BandLimit {
    private var b0: Float
    private var b1: Float
    private var b2: Float
    private var a1: Float
    private var a2: Float
    private var x1: Float = 0
    private var x2: Float = 0
    private var y1: Float = 0
    private var y2: Float = 0
    private let highPole: Float
    private var highInput: Float = 0
    private var highOutput: Float = 0

    init(sampleRate: Double, cutoff: Double = 350) {
        let omega = 2 * Double.pi * cutoff / sampleRate
        let alpha = sin(omega) / (2 * 0.707_106_781)
        let norm = 1 + alpha
        b0 = Float((1 - cos(omega)) / 2 / norm)
        b1 = Float((1 - cos(omega)) / norm)
        b2 = b0
        a1 = Float(-2 * cos(omega) / norm)
        a2 = Float((1 - alpha) / norm)
        highPole = Float(1 - 2 * Double.pi * 30 / sampleRate)
    }

    @inline(__always)
    mutating func process(_ x: Float) -> Float {
        let high = x - highInput + highPole * highOutput
        highInput = x
        highOutput = high
        let y = b0 * high + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        x2 = x1
        x1 = high
        y2 = y1
        y1 = y
        return y
    }
}
