import HapticDevices
import HapticSystem

/// Resamples the engine's two voice-coil signals (left and right, at the engine's rate) to the 3000 Hz a DualSense
/// takes over Bluetooth: a low-pass, decimating, polyphase windowed-sinc filter, so content above the pad's Nyquist
/// frequency (1500 Hz) is removed instead of folding back as an alias, and the filter's history is kept from one call
/// to the next (a block boundary leaves no seam).
///
///     let resampler = DualSenseCoilResampler(inputRate: 48_000)
///     resampler.process(left: strong, right: weak) { l, r in frames.append((l, r)) }   // 3 frames per 48-frame block
///
/// The filter: a sinc with its cutoff at ``cutoffFrequency`` (1250 Hz) under a Blackman window ``transitionWidth``
/// (600 Hz) wide, so the passband is flat to about 950 Hz (the coils play 40 … 500 Hz) and everything from about
/// 1550 Hz up is at least 70 dB down. It is causal: an output frame represents the input ``delay`` seconds before it
/// (4.6 ms), the same on both sides. The output rate divides the input rate exactly or not (44.1 kHz works too): each
/// output frame takes the nearest of ``phaseCount`` precomputed filter phases.
///
/// - Thread safety: one thread at a time (the render thread).
/// - Real-time safety: ``process(left:right:count:_:)`` does not lock, allocate or free; the tables and history are
///   allocated by `init`.
public final class DualSenseCoilResampler {
    /// The output rate: the pad's, 3000 frames per second.
    public static let outputRate = 3_000.0
    /// The filter's cutoff, Hz.
    public static let cutoffFrequency = 1_250.0
    /// The width of the filter's transition band, Hz.
    public static let transitionWidth = 600.0
    /// The fractional-delay phases the filter is tabulated at.
    public static let phaseCount = 32

    /// The input rate, frames per second.
    public let inputRate: Double
    /// Input frames per output frame.
    public let step: Double
    /// The filter's length in input frames (odd).
    public let tapCount: Int
    /// How late an output frame is against the input it represents, seconds (half the filter).
    public var delay: Double { Double(tapCount / 2) / inputRate }

    /// The filter's length for `inputRate`: odd, a Blackman window's length for ``transitionWidth``
    /// (transition ≈ 5.5 · rate / length).
    public static func tapCount(inputRate: Double) -> Int {
        let taps = Int((5.5 * inputRate / transitionWidth).rounded(.up))
        return taps % 2 == 0 ? taps + 1 : taps
    }

    /// ``delay`` for `inputRate`, without making a resampler.
    public static func delay(inputRate: Double) -> Double { Double(tapCount(inputRate: inputRate) / 2) / inputRate }

    /// `phaseCount + 1` rows of `tapCount` coefficients; row `p` weights the newest input first, for an output
    /// `p / phaseCount` input frames before it.
    private let table: UnsafeMutableBufferPointer<Float>
    /// The last `tapCount` inputs of each side, written twice (at `w` and `w + tapCount`) so a window is contiguous.
    private let historyLeft: UnsafeMutableBufferPointer<Float>
    private let historyRight: UnsafeMutableBufferPointer<Float>
    private var writeIndex = 0
    /// Input frames taken so far, and the input position of the next output frame.
    private var inputCount = 0
    private var nextOutput = 0.0

    /// A resampler from `inputRate` (≥ 3000 Hz) to ``outputRate``, its history silent.
    ///
    /// - Parameter inputRate: the engine's rate, frames per second; must be at least 3000 and finite (a programming
    ///   error otherwise: the engine's rate is checked before a device starts).
    public init(inputRate: Double) {
        precondition(inputRate.isFinite && inputRate >= Self.outputRate, "DualSenseCoilResampler: input rate \(inputRate) below 3000 Hz")
        self.inputRate = inputRate
        step = inputRate / Self.outputRate
        let taps = Self.tapCount(inputRate: inputRate)
        tapCount = taps
        table = .allocate(capacity: (Self.phaseCount + 1) * taps)
        historyLeft = .allocate(capacity: 2 * taps)
        historyRight = .allocate(capacity: 2 * taps)
        historyLeft.initialize(repeating: 0)
        historyRight.initialize(repeating: 0)
        let half = Double(taps / 2)
        let cutoff = Self.cutoffFrequency / inputRate
        for phase in 0...Self.phaseCount {
            let fraction = Double(phase) / Double(Self.phaseCount)
            var sum = 0.0
            var row = [Double](repeating: 0, count: taps)
            for i in 0..<taps {
                // Tap i weights input m - i for an output at m - fraction: the kernel's argument, centred on `half`.
                let x = Double(i) - fraction - half
                let sinc = x == 0 ? 2 * cutoff : sin(2 * Double.pi * cutoff * x) / (Double.pi * x)
                let w = (x + half) / (2 * half)
                let window = w < 0 || w > 1 ? 0 : 0.42 - 0.5 * cos(2 * Double.pi * w) + 0.08 * cos(4 * Double.pi * w)
                row[i] = sinc * window
                sum += row[i]
            }
            // Unity gain at DC in every phase.
            for i in 0..<taps { table[phase * taps + i] = Float(row[i] / sum) }
        }
    }

    deinit {
        table.deallocate()
        historyLeft.deallocate()
        historyRight.deallocate()
    }

    /// Forgets the history (silence before the next input) and restarts the output grid.
    public func reset() {
        historyLeft.update(repeating: 0)
        historyRight.update(repeating: 0)
        writeIndex = 0
        inputCount = 0
        nextOutput = 0
    }

    /// Takes `count` input frames of each side and calls `emit(left, right)` for each output frame they complete,
    /// in order (about `count / step` of them).
    public func process(
        left: UnsafeMutableBufferPointer<Float>, right: UnsafeMutableBufferPointer<Float>, count: Int, _ emit: (Float, Float) -> Void
    ) {
        let n = Swift.min(count, left.count, right.count)
        let taps = tapCount
        for i in 0..<n {
            writeIndex = writeIndex == 0 ? taps - 1 : writeIndex - 1
            historyLeft[writeIndex] = left[i]
            historyLeft[writeIndex + taps] = left[i]
            historyRight[writeIndex] = right[i]
            historyRight[writeIndex + taps] = right[i]
            let latest = Double(inputCount)
            inputCount += 1
            while nextOutput <= latest {
                let fraction = latest - nextOutput
                let phase = Swift.min(Int((fraction * Double(Self.phaseCount)).rounded()), Self.phaseCount)
                let row = phase * taps
                // The newest input is at writeIndex, older ones follow it.
                var l: Float = 0
                var r: Float = 0
                for t in 0..<taps {
                    let c = table[row + t]
                    l += c * historyLeft[writeIndex + t]
                    r += c * historyRight[writeIndex + t]
                }
                emit(l, r)
                nextOutput += step
            }
            // Keep the counters small over hours of play (a Double stays exact): shift both by the same frames.
            if inputCount > 1 << 30 {
                let shift = inputCount - taps
                nextOutput -= Double(shift)
                inputCount -= shift
            }
        }
    }
}
