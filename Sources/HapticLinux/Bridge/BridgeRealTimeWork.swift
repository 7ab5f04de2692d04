import HapticRender
import HapticSystem

/// *For internal use only:* the haptic bridge's real-time work, one quantum at a time, for
/// `Benchmarks/BridgeBenchmarks`, which counts its allocations (the gate holds them at zero).
///
/// The two halves are the bridge's two real-time paths: ``_deliverQuantum()`` is what PipeWire's data thread does
/// in a stream's `process` callback (a 4-channel quantum into the fan-out, channels 3/4 into each pad's ring; the
/// callback adds only PipeWire's own `pw_stream_dequeue_buffer`, `pw_stream_queue_buffer` and `pw_stream_get_time_n`),
/// and ``_processQuantum()`` is what a pad's output thread does with it (its input's ring read and its route run into
/// the pad's bus; the thread adds the device's write).
///
///     let work = _BridgeRealTimeWork(route: "motors")
///     work._deliverQuantum()
///     work._processQuantum()
public final class _BridgeRealTimeWork: @unchecked Sendable {
    // @unchecked: one benchmark thread at a time.

    private let fanOut = FrameFanOut(channelCount: 4, left: 2, right: 3)
    private let inputs: [BridgeInput]
    private let quantum: UnsafeMutablePointer<Float>
    private let frames: Int
    private let left: UnsafeMutablePointer<Float>
    private let right: UnsafeMutablePointer<Float>
    private let bus: BusStorage
    private var time = 0.0

    /// *For internal use only:* a fan-out feeding two pads whose route is `route` — `coils` (a sink on voice coils),
    /// `coilSound` or `coilSynth` (an application on voice coils), `motors` (on rumble motors) — with quanta of
    /// `frames` frames of a click (a decaying 180 Hz sine on channels 3 and 4).
    public init(route: String, frames: Int = 256) {
        self.frames = frames
        let mode = RouteProcessor.Mode(rawValue: route) ?? .motors
        let profile: ActuatorProfile = mode == .motors ? .twoMotorPad : .voiceCoil
        let wake = WakeSignal()
        inputs = (0..<2).map { _ in
            let processor = try? RouteProcessor(
                mode: mode, split: .sharpness, profile: profile, maxFrames: frames,
                application: LevelShape(gain: 1.2, curve: 0.8, floor: 0.1),
                normalizesLoudness: mode != .coils, triggerPulses: true)
            return BridgeInput(label: route, wake: wake, processor: processor)
        }
        for input in inputs { fanOut.attach(input) }
        quantum = .allocate(capacity: 4 * frames)
        for i in 0..<frames {
            let t = Double(i) / 48_000
            let value = Float(0.8 * sin(2 * Double.pi * 180 * t) * exp(-t * 50))
            for channel in 0..<4 { quantum[4 * i + channel] = channel >= 2 ? value : 0.3 }
        }
        left = .allocate(capacity: frames)
        right = .allocate(capacity: frames)
        bus = BusStorage(capacity: frames)
    }

    deinit {
        quantum.deallocate()
        left.deallocate()
        right.deallocate()
    }

    /// *For internal use only:* the data thread's part of one quantum.
    public func _deliverQuantum() {
        time += Double(frames) / 48_000
        fanOut.deliver(quantum, frames: frames, time: time)
    }

    /// *For internal use only:* the pad threads' part of one quantum (both pads), from the rings `_deliverQuantum`
    /// filled (silence when they are empty).
    public func _processQuantum() {
        for input in inputs {
            let (first, got) = input.ring.read(left: left, right: right, frames: frames)
            for k in got..<frames {
                left[k] = 0
                right[k] = 0
            }
            _ = input.probe.find(left: left, right: right, count: frames)
            _ = input.ring.dueTime(ofFrame: first, sampleRate: 48_000)
            input.processor?.process(left: left, right: right, count: frames, into: bus.haptic)
        }
    }
}
