import HapticRender
import Synchronization

/// A game controller simulated in software, for machines without pads (demos, designers, CI): its actuators play
/// through physical models in real time — two rumble motors (spin-up, eccentric mass) in the handles and, for an Xbox
/// One controller, one in each trigger; a DualSense's two voice coils as resonators driven by PCM — and, when given a
/// path, every actuator's simulated signal (acceleration, g) is recorded to a WAV file, one channel per actuator in
/// the order strong (left coil), weak (right coil), left trigger, right trigger.
///
///     let device = SimulatedControllerDevice(spec: SimulatedControllerSpec(model: .xbox, recordingPath: "pad.wav"),
///                                            id: "simulated:xbox#1", name: "Simulated Xbox One Controller")
///
/// The recording is a ``WAVFileWriter``: its header describes what was written after every block, so it can be read
/// while the device plays and stays valid when the process exits or is killed. It is created when the device first
/// starts and appended to across restarts (it holds the frames the device played, not the time between runs).
///
/// - Thread safety: ``start(format:)`` and ``stop()`` from one control thread; ``write(_:)`` from the render thread.
/// - Real-time safety: ``write(_:)`` runs the models into memory allocated at start and writes the recording (its
///   only system calls besides pacing); no locks, no allocation.
public final class SimulatedControllerDevice: HapticDevice {
    /// The device's description (not hardware; a PCM voice-coil profile for a DualSense, the two-motor pad otherwise).
    public let info: DeviceInfo
    /// The simulated model and recording.
    public let spec: SimulatedControllerSpec
    nonisolated(unsafe) private var pacer: RealTimePacer?
    nonisolated(unsafe) private var motors: [SpinningMotorModel] = []
    nonisolated(unsafe) private var coils: [ResonatorModel] = []
    nonisolated(unsafe) private var interleaved: UnsafeMutableBufferPointer<Float>?
    nonisolated(unsafe) private var recording: WAVFileWriter?
    nonisolated(unsafe) private var recordingRate: Double = 0
    private let peak0 = Atomic<UInt32>(0)
    private let peak1 = Atomic<UInt32>(0)
    private let peak2 = Atomic<UInt32>(0)
    private let peak3 = Atomic<UInt32>(0)
    private let recordingFailure = Atomic<Int32>(0)
    private let frames = Atomic<Int>(0)

    /// The actuator channels, in recording order.
    public var channelCount: Int { spec.model == .xbox ? 4 : 2 }

    /// A simulated controller.
    ///
    /// - Parameters:
    ///   - spec: the model and, optionally, the recording path.
    ///   - id: the device ID (the controller's ID, e.g. `simulated:xbox#1`).
    ///   - name: the controller's name.
    public init(spec: SimulatedControllerSpec, id: String, name: String) {
        self.spec = spec
        let profile: ActuatorProfile = spec.model == .dualsense ? .voiceCoil : .twoMotorPad
        info = DeviceInfo(
            id: id, name: name, kind: .simulated, supportsHaptics: true, supportsAudio: false, isHardware: false, profile: profile)
    }

    deinit {
        stop()
        recording?.close()
    }

    /// Prepares pacing, the models at rest and the interleaving buffer; creates the recording on the first start.
    ///
    /// - Throws: ``DeviceError`` when the recording cannot be created, or a later start asks for another rate.
    public func start(format: DeviceFormat) throws(DeviceError) {
        stop()
        let rate = format.sampleRate
        if let path = spec.recordingPath {
            if recording == nil {
                recording = try WAVFileWriter(path: path, channelCount: channelCount, sampleRate: Int(rate.rounded()), format: .float32)
                recordingRate = rate
            } else if recordingRate != rate {
                throw DeviceError(.unsupported, "wav:\(path) is recorded at \(Int(recordingRate)) Hz; the engine asks \(Int(rate)) Hz")
            }
        }
        // Real time is kept for a real-time engine; a manual clock renders as fast as it is advanced.
        pacer = format.isRealTime ? RealTimePacer(format: format) : nil
        let pad = ActuatorProfile.twoMotorPad
        motors = [pad.frequencyMin, pad.frequencyMax, pad.frequencyMax, pad.frequencyMax].map {
            SpinningMotorModel(spinUpTime: pad.spinUpTime, spinDownTime: pad.spinDownTime, frequency: $0, sampleRate: rate)
        }
        let coil = ActuatorProfile.voiceCoil
        coils = (0..<2).map { _ in
            ResonatorModel(frequency: coil.resonanceFrequency, qualityFactor: coil.qualityFactor, sampleRate: rate)
        }
        interleaved = .allocate(capacity: format.maxBlockFrames * channelCount)
        interleaved?.initialize(repeating: 0)
    }

    /// Waits for the block's due time, runs each actuator's model, publishes the peaks and appends the recording.
    public func write(_ block: DeviceBlock) -> DeviceStatus {
        pacer?.wait(forBlockStartingAt: block.startFrame)
        guard let out = interleaved else { return .failed(errno: EBADF_VALUE) }
        let channels = channelCount
        let n = Swift.min(block.frameCount, out.count / channels)
        var peaks: (Float, Float, Float, Float) = (0, 0, 0, 0)
        let haptic = block.haptic
        let isCoils = spec.model == .dualsense
        for i in 0..<n {
            let a: Float
            let b: Float
            if isCoils {
                a = coils[0].step(haptic.strong[i]) * Float(info.profile.peakAcceleration)
                b = coils[1].step(haptic.weak[i]) * Float(info.profile.peakAcceleration)
            } else {
                a = motors[0].step(haptic.strong[i]) * Float(info.profile.peakAcceleration)
                b = motors[1].step(haptic.weak[i]) * Float(info.profile.peakAcceleration)
            }
            out[i * channels] = a
            out[i * channels + 1] = b
            peaks.0 = Swift.max(peaks.0, abs(a))
            peaks.1 = Swift.max(peaks.1, abs(b))
            if channels == 4 {
                let c = motors[2].step(haptic.leftTrigger[i]) * Float(info.profile.peakAcceleration)
                let d = motors[3].step(haptic.rightTrigger[i]) * Float(info.profile.peakAcceleration)
                out[i * channels + 2] = c
                out[i * channels + 3] = d
                peaks.2 = Swift.max(peaks.2, abs(c))
                peaks.3 = Swift.max(peaks.3, abs(d))
            }
        }
        peak0.store(peaks.0.bitPattern, ordering: .relaxed)
        peak1.store(peaks.1.bitPattern, ordering: .relaxed)
        peak2.store(peaks.2.bitPattern, ordering: .relaxed)
        peak3.store(peaks.3.bitPattern, ordering: .relaxed)
        frames.add(n, ordering: .relaxed)
        if let recording, recordingFailure.load(ordering: .relaxed) == 0 {
            let bytes = UnsafeRawBufferPointer(start: out.baseAddress, count: n * channels * MemoryLayout<Float>.size)
            // A full disk ends the recording, not the game: the failure is kept for ``recordingError``.
            if let errno = recording.append(bytes) { recordingFailure.store(errno, ordering: .relaxed) }
        }
        return .ok
    }

    /// Stops pacing and frees the block buffer; the recording stays open for a later start.
    public func stop() {
        pacer = nil
        interleaved?.deallocate()
        interleaved = nil
        peak0.store(0, ordering: .relaxed)
        peak1.store(0, ordering: .relaxed)
        peak2.store(0, ordering: .relaxed)
        peak3.store(0, ordering: .relaxed)
    }

    /// The peak simulated acceleration of each actuator in the latest block, g, in recording order.
    public var currentLevels: [Float] {
        let all = [
            peak0.load(ordering: .relaxed), peak1.load(ordering: .relaxed), peak2.load(ordering: .relaxed), peak3.load(ordering: .relaxed),
        ]
        return all.prefix(channelCount).map { Float(bitPattern: $0) }
    }

    /// Frames played since creation.
    public var playedFrameCount: Int { frames.load(ordering: .relaxed) }

    /// The `errno` that stopped the recording (a full disk), or `nil` while it records.
    public var recordingError: Int32? {
        let value = recordingFailure.load(ordering: .relaxed)
        return value == 0 ? nil : value
    }

    /// `EBADF`, without importing the C library here.
    private let EBADF_VALUE: Int32 = 9
}
