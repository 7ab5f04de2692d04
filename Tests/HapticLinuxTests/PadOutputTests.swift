#if os(Linux)
import HapticDevices
import HapticRender
import HapticSystem
import HapticTestSupport
import Testing

@testable import HapticLinux

/// A pad's output thread without PipeWire: frames written into an input's ring as a stream's data thread writes them,
/// a recording device as the pad.
@Suite(.serialized)
struct PadOutputTests {
    static let dualSense = ControllerInfo(
        id: "test:dualsense", name: "Test DualSense", category: .dualSense, busType: 5, actuators: [.twoHandles, .voiceCoils],
        hapticDeviceID: "test")
    static let xbox = ControllerInfo(
        id: "test:xbox", name: "Test Xbox", category: .xboxOne, actuators: [.twoHandles, .triggerMotors], hapticDeviceID: "test")

    /// A click: a 180 Hz decaying sine of `amplitude` on the left, half of it on the right, `seconds` long.
    static func click(amplitude: Float = 0.8, frames: Int = 4_800) -> [Float] {
        var interleaved = [Float](repeating: 0, count: 2 * frames)
        for i in 0..<frames {
            let t = Double(i) / 48_000
            let value = amplitude * Float(sin(2 * Double.pi * 180 * t) * exp(-t * 50))
            interleaved[2 * i] = value
            interleaved[2 * i + 1] = value / 2
        }
        return interleaved
    }

    /// Writes `interleaved` stereo frames into `input` in quanta of 256, as a data thread would, due from `time`.
    static func feed(_ input: BridgeInput, _ interleaved: [Float], time: Double) {
        interleaved.withUnsafeBufferPointer { samples in
            var frame = 0
            let frames = samples.count / 2
            while frame < frames {
                let n = Swift.min(256, frames - frame)
                input.ring.write(
                    interleaved: samples.baseAddress! + 2 * frame, frames: n, channelCount: 2, left: 0, right: 1,
                    time: time + Double(frame) / 48_000)
                frame += n
            }
        }
        input.wake.signal()
    }

    /// Waits up to `seconds` for `condition`, re-checking each millisecond-ish wake-up of `signal`.
    static func wait(_ seconds: Double = 5, until condition: () -> Bool) -> Bool {
        let deadline = MonotonicClock.now() + seconds
        let idle = WakeSignal()
        while !condition() {
            guard MonotonicClock.now() < deadline else { return false }
            idle.wait(until: MonotonicClock.now() + 0.002)
        }
        return true
    }

    /// Stops `pad`, keeping `inputs` alive until it has: the pad reads its inputs without retaining them, and a
    /// `defer` written before them would run after they were released (ASan: heap-use-after-free in `run`).
    static func stop(_ pad: PadOutput, keeping inputs: [BridgeInput]) {
        pad.stop()
        for input in inputs { pad.keepUntilStopped(input) }
        withExtendedLifetime(inputs) {}
    }

    /// The pad's events so far.
    static func drain(_ pad: PadOutput) -> [PadEvent] {
        var events: [PadEvent] = []
        while let event = pad.events.pop() { events.append(event) }
        return events
    }

    @Test func aGamesCoilSignalReachesTheCoilsAsItIs() throws {
        let recorder = RecordingDevice(capacityFrames: 96_000, profile: .voiceCoil, supportsAudio: false)
        let pad = PadOutput(controller: Self.dualSense, device: recorder)
        try pad.start()
        let route = try RouteProcessor(
            mode: .coils, split: .sides, profile: .voiceCoil, maxFrames: PadOutput.maxFrames, normalizesLoudness: false)
        let input = BridgeInput(label: "sink", wake: pad.wake, processor: route)
        defer { Self.stop(pad, keeping: [input]) }
        #expect(pad.attach(input))
        let clip = Self.click()
        let due = MonotonicClock.now()
        Self.feed(input, clip, time: due)
        #expect(Self.wait { recorder.recordedFrameCount >= 4_800 })
        let recording = recorder.recording
        for i in stride(from: 0, to: 4_800, by: 97) {
            #expect(abs(recording.strong[i] - clip[2 * i]) < 1e-6)
            #expect(abs(recording.weak[i] - clip[2 * i + 1]) < 1e-6)
        }
        // The click's arrival is timed at its first sample's due time.
        let events = Self.drain(pad)
        let arrival = try #require(events.first { $0.kind == .inputOnset })
        #expect(abs(arrival.time - due) < 0.001)
    }

    @Test func thePadFallsSilentWithin100MillisecondsOfTheLastFrames() throws {
        let recorder = RecordingDevice(capacityFrames: 480_000, profile: .twoMotorPad, supportsAudio: false)
        let pad = PadOutput(controller: Self.xbox, device: recorder)
        try pad.start()
        let route = try RouteProcessor(
            mode: .motors, split: .sides, profile: .twoMotorPad, maxFrames: PadOutput.maxFrames, normalizesLoudness: false)
        let input = BridgeInput(label: "sink", wake: pad.wake, processor: route)
        defer { Self.stop(pad, keeping: [input]) }
        pad.attach(input)
        // A sustained loud signal, then nothing: the stream stopped (PipeWire killed, the game paused).
        var loud = [Float](repeating: 0, count: 2 * 9_600)
        for i in 0..<9_600 {
            loud[2 * i] = 0.9 * Float(sin(2 * Double.pi * 100 * Double(i) / 48_000))
            loud[2 * i + 1] = loud[2 * i]
        }
        Self.feed(input, loud, time: MonotonicClock.now())
        #expect(Self.wait { recorder.recordedFrameCount >= 9_600 })
        let lastFrames = MonotonicClock.now()
        #expect(recorder.recording.strong.prefix(9_600).max()! > 0.5)
        var silenced: PadEvent?
        #expect(
            Self.wait {
                silenced = Self.drain(pad).first { $0.kind == .silenced } ?? silenced
                return silenced != nil
            })
        let off = try #require(silenced).time - lastFrames
        #expect(off < 0.1, "silenced \(off * 1_000) ms after the last frames")
        #expect(Self.wait { recorder.recording.strong.last == 0 && recorder.recording.weak.last == 0 })
    }

    @Test func aPadThatGoesAwayStopsAloneAndTheOtherKeepsPlaying() throws {
        let gone = RecordingDevice(capacityFrames: 96_000, profile: .voiceCoil, supportsAudio: false)
        let staying = RecordingDevice(capacityFrames: 96_000, profile: .twoMotorPad, supportsAudio: false)
        let first = PadOutput(controller: Self.dualSense, device: gone)
        let second = PadOutput(controller: Self.xbox, device: staying)
        try first.start()
        try second.start()
        let coils = BridgeInput(
            label: "a", wake: first.wake,
            processor: try RouteProcessor(
                mode: .coils, split: .sides, profile: .voiceCoil, maxFrames: PadOutput.maxFrames, normalizesLoudness: false))
        let motors = BridgeInput(
            label: "a", wake: second.wake,
            processor: try RouteProcessor(
                mode: .motors, split: .sides, profile: .twoMotorPad, maxFrames: PadOutput.maxFrames, normalizesLoudness: false))
        defer {
            Self.stop(first, keeping: [coils])
            Self.stop(second, keeping: [motors])
        }
        first.attach(coils)
        second.attach(motors)
        gone.injectFault(removed: true)
        let clip = Self.click()
        Self.feed(coils, clip, time: MonotonicClock.now())
        Self.feed(motors, clip, time: MonotonicClock.now())
        #expect(Self.wait { first.isLost })
        #expect(Self.drain(first).contains { $0.kind == .deviceLost })
        let before = staying.recordedFrameCount
        Self.feed(motors, clip, time: MonotonicClock.now())
        #expect(Self.wait { staying.recordedFrameCount >= before + 4_800 })
        #expect(!second.isLost)
    }

    @Test func aHitOnTheLeftPlaysTheLeftMotor() throws {
        let route = try RouteProcessor(mode: .motors, split: .sides, profile: .twoMotorPad, maxFrames: 4_800, normalizesLoudness: false)
        let bus = BusStorage(capacity: 4_800)
        var left = [Float](repeating: 0, count: 4_800)
        var right = [Float](repeating: 0, count: 4_800)
        for i in 0..<4_800 { left[i] = 0.8 * Float(sin(2 * Double.pi * 150 * Double(i) / 48_000)) }
        route.process(left: &left, right: &right, count: 4_800, into: bus.haptic)
        let strong = (0..<4_800).map { bus.haptic.strong[$0] }.max()!
        let weak = (0..<4_800).map { bus.haptic.weak[$0] }.max()!
        #expect(strong > 0.5)
        #expect(weak < 0.01)
    }

    /// The bridge's shutdown frees its inputs once their pads have stopped; a pad whose stop timed out in a slow write
    /// (ASan caught the use after free on a loaded CI machine) still holds its input until its thread returns.
    @Test func anInputHandedToAPadThatIsStillWritingLivesUntilItsThreadReturns() throws {
        let device = FaultyDevice(recorder: RecordingDevice(capacityFrames: 96_000, profile: .voiceCoil, supportsAudio: false))
        let pad = PadOutput(controller: Self.dualSense, device: device)
        try pad.start()
        weak var released: BridgeInput?
        do {
            let route = try RouteProcessor(
                mode: .coils, split: .sides, profile: .voiceCoil, maxFrames: PadOutput.maxFrames, normalizesLoudness: false)
            let input = BridgeInput(label: "sink", wake: pad.wake, processor: route)
            released = input
            #expect(pad.attach(input))
            device.arm(.stall(seconds: 4))
            Self.feed(input, Self.click(), time: MonotonicClock.now())
            #expect(Self.wait(20) { device.isStalling })
            pad.stop()  // gives up after 1 s: the thread is still in its write
            #expect(device.isStalling, "the write stalls for 4 s, the stop waits 1 s")
            pad.detach(input)
            pad.keepUntilStopped(input)
        }
        #expect(released != nil, "freed while the pad's thread may still read it")
        #expect(Self.wait(30) { released == nil }, "never let go after the thread returned")
        #expect(device.finishedStallCount == 1)
        #expect(Self.wait(30) { device.stopCount == 1 }, "the device was left running after the slow write")
    }

    @Test func theLevelShapeLiftsTheLowRangeAndKeepsSilence() {
        let shape = LevelShape(gain: 1, curve: 0.5, floor: 0.2)
        #expect(shape.apply(0) == 0)
        #expect(shape.apply(0.01) >= 0.2)
        #expect(abs(shape.apply(1) - 1) < 1e-6)
        #expect(shape.apply(0.25) > 0.25)
        #expect(LevelShape.identity.apply(0.3) == 0.3)
        #expect(LevelShape(gain: 4).apply(0.5) == 1)
    }
}
#endif
