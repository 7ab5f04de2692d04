import Foundation

// A terminal port of Apple's HapticBounce sample: a ball falls and bounces in a box; each collision plays a
// transient whose intensity and sharpness follow the collision speed, with a short synthesized audio "tock".
// It runs by itself for a few seconds and prints every bounce. Run: swift run HapticBounce
#if canImport(CoreHaptics)
import CoreHaptics
#else
import OpenCoreHaptics
#endif

final class BounceHaptics {
    private var engine: CHHapticEngine?
    /// The collision speed that maps to full intensity.
    let maxSpeed: Double

    init(maxSpeed: Double) {
        self.maxSpeed = maxSpeed
        do {
            let engine = try CHHapticEngine()
            engine.stoppedHandler = { reason in print("Engine stopped: \(reason.rawValue)") }
            engine.resetHandler = { [weak engine] in try? engine?.start() }
            try engine.start()
            self.engine = engine
        } catch {
            print("Engine error: \(error)")
        }
    }

    private func linearInterpolation(alpha: Float, min: Float, max: Float) -> Float {
        min + alpha * (max - min)
    }

    /// A player for one collision: stronger, duller taps for faster hits, as in Apple's sample.
    private func playerForMagnitude(_ magnitude: Float) throws -> CHHapticPatternPlayer? {
        let volume = linearInterpolation(alpha: magnitude, min: 0.1, max: 0.4)
        let decay = linearInterpolation(alpha: magnitude, min: 0.0, max: 0.1)
        let audioEvent = CHHapticEvent(
            eventType: .audioContinuous,
            parameters: [
                CHHapticEventParameter(parameterID: .audioPitch, value: -0.15),
                CHHapticEventParameter(parameterID: .audioVolume, value: volume),
                CHHapticEventParameter(parameterID: .decayTime, value: decay),
                CHHapticEventParameter(parameterID: .sustained, value: 0),
            ], relativeTime: 0)
        let sharpness = linearInterpolation(alpha: magnitude, min: 0.9, max: 0.5)
        let intensity = linearInterpolation(alpha: magnitude, min: 0.375, max: 1.0)
        let hapticEvent = CHHapticEvent(
            eventType: .hapticTransient,
            parameters: [
                CHHapticEventParameter(parameterID: .hapticSharpness, value: sharpness),
                CHHapticEventParameter(parameterID: .hapticIntensity, value: intensity),
            ], relativeTime: 0)
        let pattern = try CHHapticPattern(events: [audioEvent, hapticEvent], parameters: [])
        return try engine?.makePlayer(with: pattern)
    }

    /// Plays a collision at `speed` (fire and forget) and returns the normalized magnitude.
    func playCollision(speed: Double) -> Float {
        let normalizedMagnitude = Float(min(max(speed / maxSpeed, 0), 1))
        do {
            let player = try playerForMagnitude(normalizedMagnitude)
            try player?.start(atTime: CHHapticTimeImmediate)
        } catch {
            print("Haptic playback error: \(error)")
        }
        return normalizedMagnitude
    }

    func finish() {
        let done = DispatchSemaphore(value: 0)
        engine?.notifyWhenPlayersFinished { _ in
            done.signal()
            return .stopEngine
        }
        done.wait()
    }
}

// A ball in a 1 m × 1 m box under gravity, with a little energy lost at each wall.
var position = (x: 0.2, y: 0.9)
var velocity = (x: 1.3, y: 0.0)
let gravity = -9.81
let restitution = 0.78
let step = 1.0 / 120
let haptics = BounceHaptics(maxSpeed: 5)
var bounces = 0
let seconds = Double(CommandLine.arguments.dropFirst().first ?? "") ?? 3
for tick in 0..<Int(seconds / step) {
    velocity.y += gravity * step
    position.x += velocity.x * step
    position.y += velocity.y * step
    var speed = 0.0
    if position.y < 0 {
        position.y = -position.y
        speed = abs(velocity.y)
        velocity.y = -velocity.y * restitution
    }
    if position.x < 0 || position.x > 1 {
        position.x = position.x < 0 ? -position.x : 2 - position.x
        speed = max(speed, abs(velocity.x))
        velocity.x = -velocity.x * restitution
    }
    if speed > 0.05 {
        bounces += 1
        let magnitude = haptics.playCollision(speed: speed)
        let bar = String(repeating: "█", count: Int(magnitude * 40))
        print(String(format: "%5.2f s  bounce %2d  speed %4.2f m/s  %@", Double(tick) * step, bounces, speed, bar))
    }
    Thread.sleep(forTimeInterval: step)  // pacing: the simulation's time step
}
haptics.finish()
print("\(bounces) bounces")
