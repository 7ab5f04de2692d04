import HapticSystem

/// The power spectrum of a real signal block: a radix-2 FFT of half the size on the even and odd samples packed as
/// one complex signal, then split into the real signal's spectrum (the standard "two for one" trick).
///
/// Every table and buffer is allocated once, in `init`, so a frame's transform allocates nothing.
///
///     let fft = RealFFT(size: 1024)
///     fft.powerSpectrum(of: samples, into: power)   // power[0 ... 512] = |X[k]|²
final class RealFFT {
    /// The transform length (a power of two, at least 4).
    let size: Int
    /// Half the length: the complex transform's size.
    private let half: Int
    private let real: UnsafeMutableBufferPointer<Float>
    private let imaginary: UnsafeMutableBufferPointer<Float>
    /// cos and sin of 2πj / half, for j < half / 2: the complex transform's twiddles.
    private let cosines: UnsafeMutableBufferPointer<Float>
    private let sines: UnsafeMutableBufferPointer<Float>
    /// cos and sin of 2πk / size, for k ≤ half: the split step's twiddles.
    private let splitCosines: UnsafeMutableBufferPointer<Float>
    private let splitSines: UnsafeMutableBufferPointer<Float>
    private let bitReversed: UnsafeMutableBufferPointer<Int32>

    /// Creates a transform of `size` points.
    init(size: Int) {
        precondition(size >= 4 && size & (size - 1) == 0, "RealFFT: size must be a power of two ≥ 4")
        self.size = size
        half = size / 2
        real = .allocate(capacity: half)
        imaginary = .allocate(capacity: half)
        cosines = .allocate(capacity: half / 2)
        sines = .allocate(capacity: half / 2)
        splitCosines = .allocate(capacity: half + 1)
        splitSines = .allocate(capacity: half + 1)
        bitReversed = .allocate(capacity: half)
        real.initialize(repeating: 0)
        imaginary.initialize(repeating: 0)
        for j in 0..<half / 2 {
            let angle = 2 * Double.pi * Double(j) / Double(half)
            cosines[j] = Float(cos(angle))
            sines[j] = Float(sin(angle))
        }
        for k in 0...half {
            let angle = 2 * Double.pi * Double(k) / Double(size)
            splitCosines[k] = Float(cos(angle))
            splitSines[k] = Float(sin(angle))
        }
        var bits = 0
        while 1 << bits < half { bits += 1 }
        for i in 0..<half {
            var reversed = 0
            for b in 0..<bits where i & (1 << b) != 0 { reversed |= 1 << (bits - 1 - b) }
            bitReversed[i] = Int32(reversed)
        }
    }

    deinit {
        real.deallocate()
        imaginary.deallocate()
        cosines.deallocate()
        sines.deallocate()
        splitCosines.deallocate()
        splitSines.deallocate()
        bitReversed.deallocate()
    }

    /// Writes |X[k]|² for k = 0 … size / 2 of the `size` samples at `input` into `output` (size / 2 + 1 values).
    func powerSpectrum(of input: UnsafePointer<Float>, into output: UnsafeMutablePointer<Float>) {
        // Pack even samples as real parts and odd samples as imaginary parts, in bit-reversed order.
        for i in 0..<half {
            let j = Int(bitReversed[i])
            real[j] = input[2 * i]
            imaginary[j] = input[2 * i + 1]
        }
        transformInPlace()
        // Split: X[k] = E[k] + e^(−2πik/N)·O[k], with E and O recovered from Z[k] and conj(Z[half − k]).
        for k in 0...half {
            let a = k == half ? 0 : k
            let b = k == 0 ? 0 : half - k
            let zr = real[a]
            let zi = imaginary[a]
            let cr = real[b]
            let ci = -imaginary[b]
            let evenR = 0.5 * (zr + cr)
            let evenI = 0.5 * (zi + ci)
            let oddR = 0.5 * (zi - ci)
            let oddI = -0.5 * (zr - cr)
            let wr = splitCosines[k]
            let wi = -splitSines[k]
            let xr = evenR + wr * oddR - wi * oddI
            let xi = evenI + wr * oddI + wi * oddR
            output[k] = xr * xr + xi * xi
        }
    }

    /// The iterative radix-2 decimation-in-time butterflies over `real`/`imaginary` (already bit-reversed).
    private func transformInPlace() {
        var span = 1
        while span < half {
            let step = half / (2 * span)
            var start = 0
            while start < half {
                for k in 0..<span {
                    let wr = cosines[k * step]
                    let wi = -sines[k * step]
                    let a = start + k
                    let b = a + span
                    let tr = wr * real[b] - wi * imaginary[b]
                    let ti = wr * imaginary[b] + wi * real[b]
                    real[b] = real[a] - tr
                    imaginary[b] = imaginary[a] - ti
                    real[a] += tr
                    imaginary[a] += ti
                }
                start += 2 * span
            }
            span *= 2
        }
    }
}
