import HapticDevices
import HapticPattern
import HapticRender
import Testing

@testable import HapticEngine

/// Several engines on one device: their buses meet in one device output, each on its motor route.
@Suite struct SharedOutputTests {
    static let rate = 1_000.0
    static let configuration = EngineConfiguration(sampleRate: rate, blockFrames: 4)

    static func engine(_ device: any HapticDevice, route: MotorRoute) throws -> EngineRuntime {
        let engine = EngineRuntime(device: device, configuration: configuration, clock: .manual, route: route)
        try engine.start()
        return engine
    }

    static func rumble(_ time: Double, duration: Double, intensity: Float) throws -> PatternProgram {
        try PatternProgram(
            pattern: Pattern(events: [
                Event(
                    type: .hapticContinuous, time: time, duration: duration,
                    parameters: [
                        EventParameter(.hapticIntensity, intensity), EventParameter(.hapticSharpness, 0.5), EventParameter(.attackTime, 0),
                    ])
            ]))
    }

    @Test func leftAndRightEnginesBecomeOneEffectCarryingBothMotors() throws {
        let pad = RecordingDevice(capacityFrames: 2_000, profile: .twoMotorPad)
        let left = try Self.engine(pad, route: .strong)
        let right = try Self.engine(pad, route: .weak)
        #expect(DeviceOutput.current(for: pad)?.attachedCount == 2)
        try left.makePlayer(program: Self.rumble(0.1, duration: 0.3, intensity: 0.8)).start(atTime: 0)
        try right.makePlayer(program: Self.rumble(0.2, duration: 0.3, intensity: 0.5)).start(atTime: 0)
        left.advance(bySeconds: 0.6)  // one output: advancing either engine renders both
        let recording = pad.recording
        func at(_ t: Double) -> (strong: Float, weak: Float) { (recording.strong[Int(t * Self.rate)], recording.weak[Int(t * Self.rate)]) }
        // Left only: the strong motor alone carries the left engine's whole level.
        #expect(abs(at(0.15).strong - 0.8) < 0.02 && at(0.15).weak == 0, "\(at(0.15))")
        // Both: one block carries both motors.
        #expect(abs(at(0.3).strong - 0.8) < 0.02 && abs(at(0.3).weak - 0.5) < 0.02, "\(at(0.3))")
        // Right only.
        #expect(at(0.45).strong == 0 && abs(at(0.45).weak - 0.5) < 0.02, "\(at(0.45))")
        #expect(recording.strong.count == 600, "the device was written once per block, not once per engine")
        #expect(abs(right.currentTime - left.currentTime) < 1e-9, "engines on one output share its clock")
        left.stop()
        #expect(DeviceOutput.current(for: pad)?.attachedCount == 1)
        right.stop()
        #expect(DeviceOutput.current(for: pad) == nil, "the last engine stopped the output")
    }

    @Test func aWholeDeviceEngineSumsWithARoutedOne() throws {
        let pad = RecordingDevice(capacityFrames: 1_000, profile: .twoMotorPad)
        let whole = try Self.engine(pad, route: .all)
        let left = try Self.engine(pad, route: .strong)
        try whole.makePlayer(program: Self.rumble(0, duration: 0.2, intensity: 0.4)).start(atTime: 0)
        try left.makePlayer(program: Self.rumble(0, duration: 0.2, intensity: 0.9)).start(atTime: 0)
        whole.advance(bySeconds: 0.1)
        let recording = pad.recording
        // The whole-device engine splits 0.4 over both motors by sharpness; the left engine adds 0.9 to strong;
        // the sum is clamped to the motor's range.
        #expect(recording.strong[50] == 1, "\(recording.strong[50])")
        #expect(recording.weak[50] > 0 && recording.weak[50] < 0.5, "\(recording.weak[50])")
        #expect(recording.amplitude[50] == 1, "amplitude 0.4 + 0.9 clamped")
        whole.stop()
        left.stop()
    }

    @Test func enginesOnAnOutputMustAgreeOnItsFormat() throws {
        let device = RecordingDevice(capacityFrames: 100)
        let first = try Self.engine(device, route: .all)
        let other = EngineRuntime(
            device: device, configuration: EngineConfiguration(sampleRate: 8_000, blockFrames: 64), clock: .manual)
        #expect(throws: EngineError.self) { try other.start() }
        first.stop()
        try other.start()  // once the output is gone, a new one takes the new format
        other.stop()
    }

    @Test func realTimeEnginesShareTheDeviceAndStopItWhenTheLastLeaves() throws {
        let device = RecordingDevice(capacityFrames: 48_000, profile: .twoMotorPad)
        let a = EngineRuntime(device: device, configuration: EngineConfiguration(sampleRate: 8_000, blockFrames: 64), route: .strong)
        let b = EngineRuntime(device: device, configuration: EngineConfiguration(sampleRate: 8_000, blockFrames: 64), route: .weak)
        try a.start()
        try b.start()
        #expect(DeviceOutput.current(for: device)?.attachedCount == 2)
        a.stop()
        #expect(DeviceOutput.current(for: device)?.attachedCount == 1)
        b.stop()
        #expect(DeviceOutput.current(for: device) == nil)
    }
}
