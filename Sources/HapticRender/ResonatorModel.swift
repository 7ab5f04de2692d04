/// A driven, damped second-order resonator: an LRA's or voice coil's moving mass (its envelope rings up and down with
/// τ = 2Q/ω0 = Q/(π·f0)). A band-pass `H(s) = (ω0/Q)s / (s² + (ω0/Q)s + ω0²)`, unity gain at f0, discretised with the
/// bilinear transform prewarped at f0 (unconditionally stable), run as a transposed direct form II biquad.
///
///     var coil = ResonatorModel(frequency: 120, qualityFactor: 1.5, sampleRate: 48_000)
///     let response = coil.step(drive)   // 1 for a steady sine at f0 of amplitude 1
///
/// Real-time safety: ``step(_:)`` takes no lock and allocates nothing.
public struct ResonatorModel: Sendable {
    private let b0: Float
    private let b2: Float
    private let a1: Float
    private let a2: Float
    private var z1: Float = 0
    private var z2: Float = 0

    /// A resonator at rest.
    ///
    /// - Parameters:
    ///   - frequency: the resonance f0, Hz (kept between 1 Hz and 0.45 × the rate).
    ///   - qualityFactor: Q (at least 0.3).
    ///   - sampleRate: the rate ``step(_:)`` is called at.
    public init(frequency: Double, qualityFactor: Double, sampleRate: Double) {
        let f0 = Swift.min(Swift.max(frequency, 1), sampleRate * 0.45)
        let q = Swift.max(qualityFactor, 0.3)
        let k = 1 / Self.tanApprox(Double.pi * f0 / sampleRate)
        let norm = 1 / (k * k + k / q + 1)
        b0 = Float(k / q * norm)
        b2 = -b0
        a1 = Float(2 * (1 - k * k) * norm)
        a2 = Float((k * k - k / q + 1) * norm)
    }

    /// Advances one sample with drive `x`; returns the response (1 for a steady unit sine at f0).
    @_noLocks @_noAllocation
    public mutating func step(_ x: Float) -> Float {
        let y = b0 * x + z1
        z1 = -a1 * y + z2
        z2 = b2 * x - a2 * y
        return y
    }

    /// tan(x) for 0 < x < π/2 without Foundation (sin/cos series).
    private static func tanApprox(_ x: Double) -> Double {
        var s = 0.0
        var c = 0.0
        var term = 1.0
        for n in 0..<20 {
            if n % 2 == 0 { c += (n / 2) % 2 == 0 ? term : -term } else { s += ((n - 1) / 2) % 2 == 0 ? term : -term }
            term *= x / Double(n + 1)
        }
        return s / c
    }
}
