import HapticInterchange
import HapticPattern
import HapticRender
import Testing

/// `convert --to gamepad` plays transients as the live engine does on a pad (issue 21): HapticRender's `MotorBurst`
/// with the pad profile — a kick at full magnitude that lasts longer for a stronger tap — not a 30 ms burst at the
/// tap's own level.
@Suite struct GamepadBurstTests {
    /// Milliseconds of the track during which either motor is at full magnitude.
    static func fullMagnitudeMilliseconds(intensity: Float, sharpness: Float) -> Int {
        let tap = Pattern(events: [
            Event(
                type: .hapticTransient, time: 0,
                parameters: [EventParameter(.hapticIntensity, intensity), EventParameter(.hapticSharpness, sharpness)])
        ])
        let track = GamepadRumbleTrack.converting(tap).value
        return track.effects.filter { max($0.strongMagnitude, $0.weakMagnitude) == 1 }.map(\.duration).reduce(0, +)
    }

    @Test func aTapIsKickedAtFullMagnitudeForLongerWhenStronger() {
        let heavy = Self.fullMagnitudeMilliseconds(intensity: 1, sharpness: 0.5)
        let light = Self.fullMagnitudeMilliseconds(intensity: 0.3, sharpness: 0.5)
        #expect(heavy >= 75, "a full tap kicks for about 100 ms (the pad's overdrive duration): \(heavy) ms")
        #expect(light > 0 && light < heavy, "a light tap is kicked too, for less time: \(light) vs \(heavy) ms")
        #expect(GamepadRumbleTrack.minimumBurstMilliseconds == Int(ActuatorProfile.twoMotorPad.minimumBurstDuration * 1000))
    }
}
