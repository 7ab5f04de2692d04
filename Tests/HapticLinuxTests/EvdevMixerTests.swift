#if os(Linux)
import Glibc
@testable import HapticDevices
@testable import HapticLinux
import HapticPattern
import HapticRender
import Testing

/// The renderer's two-motor output through the evdev device (real I/O thread, mocked node): a rising intensity
/// curve must reach the motor as rising magnitudes, and the end of the event as one stop.
@Suite(.serialized) struct EvdevMixerTests {
    @Test func aRisingCurveReachesTheMotorAsRisingMagnitudesThenOneStop() throws {
        let pattern = try AHAPReader.read(
            """
            {"Pattern": [
              {"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": 0.3,
                         "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1},
                                             {"ParameterID": "HapticSharpness", "ParameterValue": 0.3}]}},
              {"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 0,
                 "ParameterCurveControlPoints": [{"Time": 0, "ParameterValue": 0.1}, {"Time": 0.3, "ParameterValue": 1}]}}]}
            """
        ).pattern
        let program = try PatternProgram(pattern: pattern)
        let mixer = Mixer(configuration: MixerConfiguration(sampleRate: 1_000, maxBlockFrames: 4), profile: .twoMotorPad)
        let handle = try #require(mixer.allocatePlayer())
        defer { withExtendedLifetime(program) {} }  // the test owns the program; the mixer borrows it
        #expect(mixer.enqueue(.start(handle, program: .passUnretained(program), atFrame: 0, offset: 0)))
        let mock = MockEvdevSystemCalls()
        let device = EvdevDevice(capabilities: EvdevWriterTests.capabilities, configuration: EvdevConfiguration(), system: mock)
        try device.start(format: DeviceFormat(sampleRate: 1_000, maxBlockFrames: 4))
        let storage = BusStorage(capacity: 4)
        for b in 0..<100 {
            mixer.render(frameCount: 4, haptic: storage.haptic, audio: storage.audio)
            let ticks = device.tickCount
            #expect(device.write(DeviceBlock(frameCount: 4, startFrame: b * 4, haptic: storage.haptic, audio: storage.audio)) == .ok)
            // One update period (8 ms) of blocks is not handed over before the I/O thread has looked at them: this
            // thread, late on a loaded machine, caught up with back-to-back blocks and the ramp reached the I/O thread
            // in fewer ticks (18 uploads under a CPU hog).
            if b % 2 == 1 { #expect(PadOutputTests.wait(10) { device.tickCount > ticks }, "the I/O thread ticked") }
        }
        device.stop()
        let strong = mock.trace.compactMap { line -> Int? in
            guard line.hasPrefix("EVIOCSFF id=0"), let r = line.firstRange(of: "strong=") else { return nil }
            return Int(line[r.upperBound...].prefix { $0.isNumber })
        }
        #expect(strong.count >= 20, "\(strong.count) uploads in 300 ms")
        let peak = try #require(strong.indices.max { strong[$0] < strong[$1] })
        #expect(strong.first! < strong[peak] / 4, "\(strong)")
        // Rising with the curve up to the end of the event (then the release tail falls).
        #expect(zip(strong[...peak], strong[...peak].dropFirst()).allSatisfy { $0 <= $1 }, "\(strong)")
        #expect(mock.trace.filter { $0.hasPrefix("write EV_FF code=0 value=0") }.count == 1)
    }
}
#endif
