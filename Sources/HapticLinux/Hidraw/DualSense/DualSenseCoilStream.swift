import HapticDevices
import HapticRender

/// The engine's voice-coil signals turned into the DualSense's Bluetooth coil reports: both sides resampled to
/// 3000 Hz (``DualSenseCoilResampler``), quantized to 8 bits, gathered 32 frames at a time and encoded as `0x32`
/// reports (``DualSenseCoilReport``). The left coil plays the haptic bus's `strong` side and the right coil its `weak`
/// side, like the USB pad's rear channel pair, so a left-handle engine plays on the left coil only.
///
/// Silence is not sent: once ``trailingSilentReports`` all-zero reports followed the signal, reports stop until the
/// signal comes back (the pad then plays nothing, as it does when a stream like SAxense's ends; idle Bluetooth
/// traffic would only compete with the trigger and input reports). A report with any non-zero sample is always sent.
///
///     let stream = DualSenseCoilStream(inputRate: 48_000)
///     stream.consume(left: block.haptic.strong, right: block.haptic.weak, count: block.frameCount) { report in
///         if let report { write(descriptor, report.baseAddress, report.count) }
///     }
///
/// - Thread safety: one thread at a time (the render thread).
/// - Real-time safety: ``consume(left:right:count:_:)`` does not lock, allocate or free.
public final class DualSenseCoilStream {
    /// All-zero reports sent after the signal before reports stop.
    public static let trailingSilentReports = 2

    /// The resampler (its ``DualSenseCoilResampler/delay`` is part of the coils' latency).
    public let resampler: DualSenseCoilResampler
    private var encoder = DualSenseCoilReport.Encoder()
    private let left: UnsafeMutableBufferPointer<Int8>
    private let right: UnsafeMutableBufferPointer<Int8>
    private let report: UnsafeMutableRawBufferPointer
    private var filled = 0
    private var silentReports = Int.max
    /// Reports emitted since creation.
    public private(set) var reportCount = 0
    /// Samples that were clipped to ±1 before quantizing, since creation.
    public private(set) var clippedSampleCount = 0

    /// Whether the last report emitted carried signal or was one of the trailing silent ones (reports flow).
    public var isStreaming: Bool { silentReports <= Self.trailingSilentReports }

    /// A stream for input at `inputRate` (≥ 3000 frames per second).
    public init(inputRate: Double) {
        resampler = DualSenseCoilResampler(inputRate: inputRate)
        left = .allocate(capacity: DualSenseCoilReport.framesPerReport)
        right = .allocate(capacity: DualSenseCoilReport.framesPerReport)
        left.initialize(repeating: 0)
        right.initialize(repeating: 0)
        report = .allocate(byteCount: DualSenseCoilReport.size, alignment: 8)
        report.initializeMemory(as: UInt8.self, repeating: 0)
        // The CRC's table is built here, not on the render thread's first report.
        _ = DualSenseCRC32.checksum([0])
    }

    deinit {
        left.deallocate()
        right.deallocate()
        report.deallocate()
    }

    /// Forgets pending frames and the resampler's history; reports stop until signal comes (the sequence and counter
    /// keep counting, as the pad saw them).
    public func reset() {
        resampler.reset()
        filled = 0
        silentReports = Int.max
    }

    /// Takes `count` frames of the left (`strong`) and right (`weak`) coil signals and calls `emit` once per report
    /// period they complete, in order: with the report to send (a view valid during the call), or `nil` for a silent
    /// period that is not sent.
    public func consume(
        left leftInput: UnsafeMutableBufferPointer<Float>, right rightInput: UnsafeMutableBufferPointer<Float>, count: Int,
        _ emit: (UnsafeRawBufferPointer?) -> Void
    ) {
        resampler.process(left: leftInput, right: rightInput, count: count) { l, r in
            if l > 1 || l < -1 { clippedSampleCount += 1 }
            if r > 1 || r < -1 { clippedSampleCount += 1 }
            left[filled] = DualSenseCoilReport.sample(l)
            right[filled] = DualSenseCoilReport.sample(r)
            filled += 1
            guard filled == DualSenseCoilReport.framesPerReport else { return }
            filled = 0
            var silent = true
            for i in 0..<DualSenseCoilReport.framesPerReport where left[i] != 0 || right[i] != 0 {
                silent = false
                break
            }
            silentReports = silent ? (silentReports == Int.max ? Int.max : silentReports + 1) : 0
            guard silentReports <= Self.trailingSilentReports else {
                emit(nil)
                return
            }
            encoder.encode(left: UnsafeBufferPointer(left), right: UnsafeBufferPointer(right), into: report)
            reportCount += 1
            emit(UnsafeRawBufferPointer(report))
        }
    }
}
