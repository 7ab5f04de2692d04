import HapticSystem

/// The signal's energy in 1 ms blocks over the last quarter second: where exactly, inside an analysis frame of
/// about 20 ms, a hit begins.
///
/// The spectral flux finds that a frame holds an onset, but with its window of 20 ms it cannot say where: a loud
/// hit already shows when it enters the window's edge. The block with the largest rise over the loudest of the 10
/// blocks before it is where the sound jumps: the start of a noise burst, or the first cycle of a kick (whose
/// own zero crossings do not count, since a cycle earlier was as loud).
struct EnergyHistory {
    /// Samples per block.
    let blockLength: Int
    private var blocks: [Float]
    /// Index of the block being filled (absolute, from the start of the padded stream).
    private(set) var currentBlock = 0
    private var filled = 0
    private var sum: Float = 0
    /// Blocks kept.
    static let capacity = 256
    /// Blocks before a candidate block that it must rise above.
    static let comparison = 10

    init(blockLength: Int) {
        self.blockLength = blockLength
        blocks = [Float](repeating: 0, count: Self.capacity)
    }

    /// Adds one sample's energy (its square).
    @inline(__always)
    mutating func add(_ energy: Float) {
        sum += energy
        filled += 1
        if filled == blockLength {
            blocks[currentBlock & (Self.capacity - 1)] = sum
            currentBlock += 1
            filled = 0
            sum = 0
        }
    }

    /// The first sample of the block in `samples` (absolute sample indices, clipped to the history) with the
    /// largest rise, or `nil` when no block there rises above the ones before it.
    func onset(in samples: Range<Int>) -> Int? {
        let floor: Float = 1e-10 * Float(blockLength)
        let oldest = Swift.max(currentBlock - Self.capacity + Self.comparison, 0)
        let first = Swift.max(samples.lowerBound / blockLength, oldest)
        let last = Swift.min((samples.upperBound - 1) / blockLength, currentBlock - 1)
        guard first <= last else { return nil }
        var best: Int?
        var bestRise: Float = 0
        for block in first...last {
            var before: Float = 0
            for previous in Swift.max(block - Self.comparison, 0)..<block {
                before = Swift.max(before, blocks[previous & (Self.capacity - 1)])
            }
            let rise = log((blocks[block & (Self.capacity - 1)] + floor) / (before + floor))
            if rise > bestRise {
                bestRise = rise
                best = block
            }
        }
        return best.map { $0 * blockLength }
    }
}
