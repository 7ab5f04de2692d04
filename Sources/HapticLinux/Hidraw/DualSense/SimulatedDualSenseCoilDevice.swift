import HapticDevices
import HapticRender
import Synchronization

/// A simulated DualSense on Bluetooth (`HAPTIC_CONTROLLERS=simulated:dualsense-bt`): it plays like the USB one (its
/// coils modelled, paced to real time, recorded to `=wav:<path>` when given; see `SimulatedControllerDevice`) and
/// also encodes the `0x32` coil reports a real pad would be sent (``DualSenseCoilStream``), decodes them back and
/// records their PCM — 2 channels (left, right coil) at 3000 Hz, each 8-bit sample as a float (sample / 127), zero for
/// the silent periods not sent, so the recording keeps the pad's timeline — to
/// ``coilRecordingPath``: the recording path with `-coils` before its `.wav` (`pad.wav` → `pad-coils.wav`). Tests and
/// `haptic play` read it to check what the pad would receive.
///
///     let device = SimulatedDualSenseCoilDevice(
///         spec: SimulatedControllerSpec(model: .dualsense, recordingPath: "pad.wav", transport: .bluetooth),
///         id: "simulated:dualsense-bt#1", name: "Simulated DualSense Wireless Controller (Bluetooth)")
///
/// - Thread safety: ``start(format:)`` and ``stop()`` from one control thread; ``write(_:)`` from the render thread.
/// - Real-time safety: ``write(_:)`` does not lock, allocate or free; it writes the recordings (system calls).
public final class SimulatedDualSenseCoilDevice: HapticDevice {
    /// The pad's coils as the USB simulation plays them (pacing, models, the actuator recording).
    public let coils: SimulatedControllerDevice
    /// Where the coil PCM is recorded, or `nil` without a recording path.
    public let coilRecordingPath: String?
    nonisolated(unsafe) private var stream: DualSenseCoilStream?
    nonisolated(unsafe) private var recording: WAVFileWriter?
    nonisolated(unsafe) private var frame: UnsafeMutableBufferPointer<Float>?
    private let reports = Atomic<Int>(0)
    private let recordingFailure = Atomic<Int32>(0)

    /// The device's description (the simulated DualSense's).
    public var info: DeviceInfo { coils.info }

    /// A simulated Bluetooth DualSense.
    ///
    /// - Parameters:
    ///   - spec: the model (a DualSense) and, optionally, the recording path.
    ///   - id: the device ID (the controller's, e.g. `simulated:dualsense-bt#1`).
    ///   - name: the controller's name.
    public init(spec: SimulatedControllerSpec, id: String, name: String) {
        coils = SimulatedControllerDevice(spec: spec, id: id, name: name)
        coilRecordingPath = spec.recordingPath.map(Self.coilPath(forRecording:))
    }

    deinit {
        stop()
        recording?.close()
    }

    /// `pad.wav` → `pad-coils.wav`; a path without `.wav` gets `-coils.wav` appended.
    public static func coilPath(forRecording path: String) -> String {
        let bytes = Array(path.utf8)
        let suffix = Array(".wav".utf8)
        let stem =
            bytes.count > suffix.count && bytes.suffix(suffix.count).elementsEqual(suffix) ? bytes.dropLast(suffix.count) : bytes[...]
        return String(decoding: stem, as: UTF8.self) + "-coils.wav"
    }

    /// Starts the simulation and the coil stream; creates the coil recording on the first start.
    ///
    /// - Throws: `DeviceError` when a recording cannot be created, or the engine's rate is below 3000 Hz.
    public func start(format: DeviceFormat) throws(DeviceError) {
        stop()
        guard format.sampleRate >= DualSenseCoilReport.sampleRate else {
            throw DeviceError(.unsupported, "\(info.id): the engine renders at \(format.sampleRate) Hz; the coils need at least 3000 Hz")
        }
        try coils.start(format: format)
        if let coilRecordingPath, recording == nil {
            recording = try WAVFileWriter(
                path: coilRecordingPath, channelCount: 2, sampleRate: Int(DualSenseCoilReport.sampleRate), format: .float32)
        }
        stream = DualSenseCoilStream(inputRate: format.sampleRate)
        frame = .allocate(capacity: 2 * DualSenseCoilReport.framesPerReport)
        frame?.initialize(repeating: 0)
    }

    /// Plays the block on the simulated coils (pacing), then encodes its reports and records their decoded PCM.
    public func write(_ block: DeviceBlock) -> DeviceStatus {
        let status = coils.write(block)
        guard status == .ok, let stream, let frame else { return status }
        stream.consume(left: block.haptic.strong, right: block.haptic.weak, count: block.frameCount) { sent in
            if sent != nil { reports.add(1, ordering: .relaxed) }
            guard let recording, recordingFailure.load(ordering: .relaxed) == 0 else { return }
            // Decoded from the report's bytes, as the pad reads them; a period not sent is silence on the pad.
            for i in 0..<(2 * DualSenseCoilReport.framesPerReport) {
                frame[i] = sent.map { Float(Int8(bitPattern: $0[DualSenseCoilReport.pcmOffset + i])) / 127 } ?? 0
            }
            let bytes = UnsafeRawBufferPointer(frame)
            if let errno = recording.append(bytes) { recordingFailure.store(errno, ordering: .relaxed) }
        }
        return .ok
    }

    /// Stops the simulation and frees the stream; the recordings stay open for a later start.
    public func stop() {
        coils.stop()
        stream = nil
        frame?.deallocate()
        frame = nil
    }

    /// False, like the real pad's coils (`HidrawCoilDevice`): silence is rendered, so the engine's frames and the coil
    /// recording stay on wall time.
    public var toleratesIdlePauses: Bool { false }

    /// Coil reports encoded since creation (the ones a real pad would have been sent).
    public var reportCount: Int { reports.load(ordering: .relaxed) }

    /// The `errno` that stopped the coil recording, or `nil` while it records.
    public var recordingError: Int32? {
        let value = recordingFailure.load(ordering: .relaxed)
        return value == 0 ? nil : value
    }
}
