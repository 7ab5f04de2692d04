/// Small, branch-light maths for the render path.
///
/// The render path may not call into other modules (the compiler's performance checks reject `sinf` from Glibc),
/// so the few functions it needs are written here as polynomials. Accuracy is far beyond what haptics needs
/// (sine error < 1e-4 absolute; 2^x relative error < 1e-6).
enum FastMath {
    /// 2π.
    static var twoPi: Float { @_noLocks @_noAllocation get { 6.283_185_307 } }

    /// sin(2π·x) for a phase `x` in cycles (any finite value).
    @_noLocks @_noAllocation
    @inline(__always)
    static func sinCycles(_ x: Float) -> Float {
        // Reduce to [-0.5, 0.5) cycles, then to [-0.25, 0.25] by symmetry, then an odd polynomial.
        let y = x + 0.5
        var whole = Float(Int(y))
        if whole > y { whole -= 1 }
        var t = x - whole
        if t > 0.25 { t = 0.5 - t } else if t < -0.25 { t = -0.5 - t }
        let z = t * twoPi
        let z2 = z * z
        // Taylor to z^11 on |z| ≤ π/2: error < 6e-8.
        return z * (1 + z2 * (-1.0 / 6 + z2 * (1.0 / 120 + z2 * (-1.0 / 5040 + z2 * (1.0 / 362_880 - z2 / 39_916_800)))))
    }

    /// cos(2π·x) for a phase `x` in cycles.
    @_noLocks @_noAllocation
    @inline(__always)
    static func cosCycles(_ x: Float) -> Float { sinCycles(x + 0.25) }

    /// 2^x for moderate `x` (|x| < 100), in double precision.
    @_noLocks @_noAllocation
    @inline(__always)
    static func exp2(_ x: Double) -> Double {
        var i = Double(Int(x))
        if i > x { i -= 1 }
        let f = (x - i) * 0.693_147_180_559_945_3
        // e^f for f in [0, ln 2): Horner form of the series to f^10 (error < 1e-9).
        let e =
            1 + f
            * (1 + f
                * (0.5 + f
                    * (1.0 / 6 + f
                        * (1.0 / 24 + f
                            * (1.0 / 120 + f
                                * (1.0 / 720
                                    + f * (1.0 / 5040 + f * (1.0 / 40_320 + f * (1.0 / 362_880 + f / 3_628_800)))))))))
        let exponent = Int(Swift.max(Swift.min(i, 1000), -1000))
        return e * Double(sign: .plus, exponent: exponent, significand: 1)
    }

    /// e^x in double precision.
    @_noLocks @_noAllocation
    @inline(__always)
    static func exp(_ x: Double) -> Double { exp2(x * 1.442_695_040_888_963_4) }

    /// Rounds a non-negative, moderate `x` to the nearest integer (half up); negatives and NaN give 0.
    @_noLocks @_noAllocation
    @inline(__always)
    static func roundToInt(_ x: Double) -> Int {
        guard x > 0 else { return 0 }
        return Int(Swift.min(x, 1e15) + 0.5)
    }

    /// √x for a finite `x` (0 for zero, negatives and NaN), to float precision: a first guess from the exponent bits,
    /// then three Newton steps (the standard library's `squareRoot()` calls out of the module).
    @_noLocks @_noAllocation
    @inline(__always)
    static func squareRoot(_ x: Float) -> Float {
        guard x > 0 else { return 0 }
        var y = Float(bitPattern: 0x1FBD_1DF5 &+ (x.bitPattern >> 1))
        y = 0.5 * (y + x / y)
        y = 0.5 * (y + x / y)
        y = 0.5 * (y + x / y)
        return y
    }

    /// Clamps `x` into `lo … hi`; NaN becomes `lo`.
    @_noLocks @_noAllocation
    @inline(__always)
    static func clamp(_ x: Float, _ lo: Float, _ hi: Float) -> Float {
        x > lo ? (x < hi ? x : hi) : lo
    }

    /// Envelope seconds for a 0 … 1 envelope value: `0.02·2^(8v)` (the same curve as ``EnvelopeTiming``).
    @_noLocks @_noAllocation
    @inline(__always)
    static func envelopeSeconds(_ v: Float) -> Double {
        0.02 * exp2(8 * Double(clamp(v, 0, 1)))
    }
}
