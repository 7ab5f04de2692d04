import Dispatch
import Foundation
import HapticDevices
import OpenCoreHaptics

/// The haptics of `haptic bounce`: Apple's HapticBounce sample's collision sound and feel, on a `CHHapticEngine`.
///
/// Exactly as in the sample (and `Examples/HapticBounce`): the impact speed is normalized by the maximum speed and
/// clamped to 0 … 1; that magnitude picks, by linear interpolation, the transient's intensity (0.375 → 1) and
/// sharpness (0.9 → 0.5: harder hits feel duller), and the audio event's volume (0.1 → 0.4) and decay time
/// (0 → 0.1 s), with audio pitch −0.15 and `Sustained` 0. Each collision gets a new player, started at once and
/// forgotten.
internal final class BounceHaptics {
    /// The parameters of one collision.
    internal struct Impact: Sendable, Equatable {
        /// The impact speed divided by the maximum speed, clamped to 0 … 1.
        internal var magnitude: Float
        /// The transient's `HapticIntensity`.
        internal var intensity: Float
        /// The transient's `HapticSharpness`.
        internal var sharpness: Float
        /// The audio event's `AudioVolume`.
        internal var volume: Float
        /// The audio event's `DecayTime`.
        internal var decay: Float

        /// The sample's mapping for an impact at `speed` (m/s).
        internal init(speed: Double, maxSpeed: Double = BounceHaptics.maxSpeed) {
            func lerp(_ alpha: Float, _ min: Float, _ max: Float) -> Float { min + alpha * (max - min) }
            magnitude = Float(Swift.min(Swift.max(speed / maxSpeed, 0), 1))
            volume = lerp(magnitude, 0.1, 0.4)
            decay = lerp(magnitude, 0.0, 0.1)
            sharpness = lerp(magnitude, 0.9, 0.5)
            intensity = lerp(magnitude, 0.375, 1.0)
        }
    }

    /// The speed (m/s) that maps to full intensity: about a fall through the whole 1 m box (√(2·g·1 m) ≈ 4.4 m/s).
    internal static let maxSpeed = 5.0

    private let engine: CHHapticEngine
    /// The device the engine plays on.
    internal let device: any HapticDevice

    /// Starts an engine on `device`.
    ///
    /// - Throws: the engine's error when the device cannot be started.
    internal init(device: any HapticDevice) throws {
        self.device = device
        engine = LivePlayback.makeEngine(for: device)
        engine.resetHandler = { [weak engine] in try? engine?.start() }
        try engine.start()
    }

    /// The collision's pattern: the audio event and the transient, both at time 0.
    internal static func pattern(for impact: Impact) throws -> CHHapticPattern {
        let audioEvent = CHHapticEvent(
            eventType: .audioContinuous,
            parameters: [
                CHHapticEventParameter(parameterID: .audioPitch, value: -0.15),
                CHHapticEventParameter(parameterID: .audioVolume, value: impact.volume),
                CHHapticEventParameter(parameterID: .decayTime, value: impact.decay),
                CHHapticEventParameter(parameterID: .sustained, value: 0),
            ], relativeTime: 0)
        let hapticEvent = CHHapticEvent(
            eventType: .hapticTransient,
            parameters: [
                CHHapticEventParameter(parameterID: .hapticSharpness, value: impact.sharpness),
                CHHapticEventParameter(parameterID: .hapticIntensity, value: impact.intensity),
            ], relativeTime: 0)
        return try CHHapticPattern(events: [audioEvent, hapticEvent], parameters: [])
    }

    /// Plays a collision now (fire and forget).
    ///
    /// - Returns: the error message when it could not be played.
    internal func play(_ impact: Impact) -> String? {
        do {
            let player = try engine.makePlayer(with: try BounceHaptics.pattern(for: impact))
            try player.start(atTime: CHHapticTimeImmediate)
            return nil
        } catch {
            return error.localizedDescription
        }
    }

    /// Lets the sounding collisions finish and reach the device (at most `timeout` seconds), then stops the engine.
    internal func finish(timeout: TimeInterval = 1) {
        // The engine says when its last collision has been played and heard: every player has finished, the device
        // took the silence after it, and its own latency passed.
        _ = engine.waitUntilOutputSilent(timeout: timeout)
        engine.stop()
    }

    /// Stops the engine at once (Ctrl-C): every player stops, the device is silenced and closed.
    internal func stopNow() {
        engine.stop()
    }
}
