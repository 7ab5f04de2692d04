import ArgumentParser
import Dispatch
import Foundation
import HapticDevices
import HapticRender
import HapticSystem
import OpenCoreHaptics

/// Plays one pattern in real time through a `CHHapticEngine` and waits until it has played out, or until Ctrl-C.
///
/// The pattern plays on an advanced player (for its completion handler, `loopEnabled` and `playbackRate`). After a
/// natural end the engine stops once the engine says its output is silent (the last sounding block reached the
/// device and was heard); after Ctrl-C the player stops first (its sounding events fade over 2 ms), the engine keeps
/// rendering silence until the run has ended and the output is silent, and only then stops, so the motor and the
/// speaker end silent rather than cut off mid-vibration.
internal struct LivePlayback {
    /// How playback ended.
    internal enum Outcome: Sendable, Equatable {
        /// The pattern played out.
        case finished
        /// A signal arrived (its number).
        case interrupted(Int32)
        /// The engine or the player reported an error.
        case failed(String)
    }

    /// The pattern.
    internal var pattern: PlayablePattern
    /// The output.
    internal var output: PlaybackOutput
    /// Whether to loop until interrupted.
    internal var loops = false
    /// The playback rate (pattern seconds per second).
    internal var rate: Float = 1
    /// Called once the output is open and the pattern is about to start (the command's "Playing …" line).
    internal var announce: () -> Void = {}

    /// The longest wait for the output to fall silent after the pattern ended (a stalled device), in seconds.
    internal static let settleTimeout = 1.0

    /// The engine for `device`, configured as `CHHapticEngine()` configures one for it
    /// (`EngineConfiguration.recommended(for:)`: 1 kHz in 4 ms blocks for evdev force feedback, 48 kHz in 1 ms blocks
    /// for PCM outputs).
    internal static func makeEngine(for device: any HapticDevice) -> CHHapticEngine {
        CHHapticEngine(device: device)
    }

    /// Plays and waits; throws the exit code for anything but a natural end.
    ///
    /// - Throws: `ExitCode(1)` after printing why the device or the pattern failed; `ExitCode(128 + signal)` after
    ///   an interruption (130 for Ctrl-C), once the output is silent.
    internal func run() throws {
        let outcome = OutcomeLatch()
        let interrupt = InterruptSignal { outcome.settle(.interrupted($0)) }
        defer { interrupt.cancel() }

        let engine = try output.makeEngine()
        // Opening an output can block (a device another program holds, a slow driver); Ctrl-C must still work.
        interrupt.exitsImmediately = true
        defer { interrupt.exitsImmediately = false }
        do {
            try engine.start()
            interrupt.exitsImmediately = false
            announce()
        } catch {
            printError(
                "haptic: error: cannot open the output device \(output.id) (\(output.name)): \(error.localizedDescription)")
            throw ExitCode(1)
        }
        engine.stoppedHandler = { reason in outcome.settle(.failed("the engine stopped (\(reason))")) }
        let player: any CHHapticAdvancedPatternPlayer
        do {
            player = try engine.makeAdvancedPlayer(with: pattern.hapticPattern)
        } catch {
            engine.stop()
            printError("\(pattern.name): error: \(error.localizedDescription)")
            throw ExitCode(1)
        }
        player.loopEnabled = loops
        player.playbackRate = rate
        let runEnded = DispatchSemaphore(value: 0)
        player.completionHandler = { error in
            runEnded.signal()
            outcome.settle(error.map { .failed("playback ended early: \($0.localizedDescription)") } ?? .finished)
        }
        do {
            try player.start(atTime: CHHapticTimeImmediate)
        } catch {
            engine.stop()
            printError("haptic: error: cannot start playback: \(error.localizedDescription)")
            throw ExitCode(1)
        }

        let result = outcome.wait()
        switch result {
        case .finished:
            // The run ends when the mixer has rendered its last sounding frame: close the device once that has
            // reached it and been heard (the engine says when).
            _ = engine.waitUntilOutputSilent(timeout: Self.settleTimeout)
            engine.stop()
        case .interrupted(let signal):
            try? player.stop(atTime: CHHapticTimeImmediate)
            _ = runEnded.wait(timeout: .now() + 1)
            // Close the device once the fade has reached it and the output is silent.
            _ = engine.waitUntilOutputSilent(timeout: Self.settleTimeout)
            engine.stop()
            printError("haptic: interrupted; output stopped")
            throw ExitCode(128 + signal)
        case .failed(let message):
            engine.stop()
            printError("haptic: error: \(message)")
            throw ExitCode(1)
        }
    }
}

/// The first outcome wins; ``wait()`` blocks until there is one.
private final class OutcomeLatch: Sendable {
    private let value = LockedState<LivePlayback.Outcome?>(nil)
    private let ready = DispatchSemaphore(value: 0)

    func settle(_ outcome: LivePlayback.Outcome) {
        let first = value.withLock { current in
            guard current == nil else { return false }
            current = outcome
            return true
        }
        if first { ready.signal() }
    }

    func wait() -> LivePlayback.Outcome {
        ready.wait()
        return value.withLock { $0! }
    }
}
