import Foundation
import HapticDevices
import HapticPattern
import HapticRender
import HapticSystem
import OpenCoreHaptics

/// A ``FeedbackOutput`` that plays through a Core Haptics engine (`CHHapticEngine`): the output to use in an app.
///
/// ``prepare(_:)`` starts the engine and compiles the effects' patterns (the compiled program is kept on each
/// `CHHapticPattern`, so making a player later costs a lookup); ``play(_:intensity:)`` starts the engine if it
/// stopped, makes a player and starts it at once. With `isAutoShutdownEnabled` the engine stops itself after a
/// while without players, and the next feedback starts it again — that restart is the latency `prepare()` saves.
///
///     let output = try EngineFeedbackOutput()
///     FeedbackCenter.shared.setOutput(output)
///     UIImpactFeedbackGenerator(style: .heavy).impactOccurred()
///
/// Feedback is best effort: engine errors are counted in ``failureCount`` and otherwise ignored, as UIKit's
/// generators ignore theirs.
///
/// Thread safety: any thread. Real-time safety: none needed (the engine's render thread does the real-time work).
public final class EngineFeedbackOutput: FeedbackOutput {
    /// The engine feedback plays on.
    public let engine: CHHapticEngine

    private struct Key: Hashable {
        var name: String
        var intensityMillis: Int
    }

    private struct State {
        var patterns: [Key: (source: Pattern, pattern: CHHapticPattern)] = [:]
        var failures = 0
    }

    private let state = LockedState(State())

    /// Plays on `engine` (its auto-shutdown setting is left as it is).
    ///
    /// - Parameter engine: a started or stopped engine.
    public init(engine: CHHapticEngine) {
        self.engine = engine
    }

    /// Plays on a new engine for the default output, with auto-shutdown on so an idle process does not keep the
    /// engine running.
    ///
    /// - Throws: `CHHapticError` when no output can be opened.
    public convenience init() throws {
        let engine = try CHHapticEngine()
        engine.isAutoShutdownEnabled = true
        self.init(engine: engine)
    }

    /// Starts the engine and compiles the effects at full intensity.
    public func prepare(_ effects: [FeedbackEffect]) {
        do {
            try engine.start()
            for effect in effects { _ = try engine.makePlayer(with: hapticPattern(effect, intensity: 1)) }
        } catch {
            state.withLock { $0.failures += 1 }
        }
    }

    /// Starts the engine if needed and plays `effect` now.
    public func play(_ effect: FeedbackEffect, intensity: Double) {
        do {
            try engine.start()
            let player = try engine.makePlayer(with: hapticPattern(effect, intensity: intensity))
            try player.start(atTime: CHHapticTimeImmediate)
        } catch {
            state.withLock { $0.failures += 1 }
        }
    }

    /// How many prepare or play calls failed (engine errors are otherwise ignored).
    public var failureCount: Int { state.withLock { $0.failures } }

    /// The cached `CHHapticPattern` for an effect at an intensity (built once; it carries its compiled program).
    private func hapticPattern(_ effect: FeedbackEffect, intensity: Double) -> CHHapticPattern {
        let key = Key(name: effect.name, intensityMillis: Int((intensity * 1000).rounded()))
        return state.withLock { state in
            if let cached = state.patterns[key], cached.source == effect.pattern { return cached.pattern }
            let pattern = CHHapticPattern(pattern: effect.scaledPattern(by: intensity))
            state.patterns[key] = (effect.pattern, pattern)
            return pattern
        }
    }
}
