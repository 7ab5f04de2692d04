/// How the 0 … 1 envelope parameters map to seconds.
///
/// Core Haptics says the mapping is exponential and that 0 is the shortest time. The only published formula is the
/// release tail seen in Apple's `fullDuration`: `0.02·2^(8v) − 0.04` s. We use the same curve, `0.02·2^(8v)` s
/// (20 ms … 5.12 s, doubling every 0.125), for attack, decay and release, so all three feel alike.
public enum EnvelopeTiming {
    /// Seconds for an envelope value `v` in 0 … 1 (clamped).
    @inlinable
    public static func seconds(_ v: Float) -> Double {
        let clamped = Double(Swift.min(Swift.max(v.isNaN ? 0 : v, 0), 1))
        return 0.02 * exp2(8 * clamped)
    }

    /// Attack time in seconds for `AttackTime` = `v`.
    @inlinable public static func attackSeconds(_ v: Float) -> Double { seconds(v) }
    /// Decay time in seconds for `DecayTime` = `v`.
    @inlinable public static func decaySeconds(_ v: Float) -> Double { seconds(v) }
    /// Release time in seconds for `ReleaseTime` = `v`.
    @inlinable public static func releaseSeconds(_ v: Float) -> Double { seconds(v) }

    /// What a sustained event adds to the pattern after its duration: Apple's `0.02·2^(8v) − 0.04`, never negative.
    @inlinable
    public static func releaseTail(_ v: Float) -> Double { Swift.max(0, seconds(v) - 0.04) }

    /// 2^x without Foundation.
    @usableFromInline
    static func exp2(_ x: Double) -> Double {
        // 2^x = 2^i · 2^f with f in [0, 1); a short series for 2^f = e^(f ln 2) is exact to ~1e-12 here.
        let i = x.rounded(.down)
        let f = (x - i) * 0.693_147_180_559_945_3
        var term = 1.0
        var sum = 1.0
        for n in 1...16 {
            term *= f / Double(n)
            sum += term
        }
        return sum * Double(sign: .plus, exponent: Int(i), significand: 1)
    }
}
