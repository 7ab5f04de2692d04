import HapticPattern

/// Indices of the per-player control table: the twelve dynamic parameters plus the mute gain.
///
/// The render path cannot call `DynamicParameterID`'s (non-inlinable) members, so the facts it needs (index,
/// combination, range, haptic or audio) are restated here as switches the compiler can check.
enum ControlIndex {
    static var hapticIntensity: Int { @_noLocks @_noAllocation get { 0 } }
    static var hapticSharpness: Int { @_noLocks @_noAllocation get { 1 } }
    static var hapticAttack: Int { @_noLocks @_noAllocation get { 2 } }
    static var hapticDecay: Int { @_noLocks @_noAllocation get { 3 } }
    static var hapticRelease: Int { @_noLocks @_noAllocation get { 4 } }
    static var audioVolume: Int { @_noLocks @_noAllocation get { 5 } }
    static var audioPan: Int { @_noLocks @_noAllocation get { 6 } }
    static var audioBrightness: Int { @_noLocks @_noAllocation get { 7 } }
    static var audioPitch: Int { @_noLocks @_noAllocation get { 8 } }
    static var audioAttack: Int { @_noLocks @_noAllocation get { 9 } }
    static var audioDecay: Int { @_noLocks @_noAllocation get { 10 } }
    static var audioRelease: Int { @_noLocks @_noAllocation get { 11 } }
    /// 1 when audible, 0 when muted (ramped).
    static var mute: Int { @_noLocks @_noAllocation get { 12 } }
    /// Number of controls per player.
    static var count: Int { @_noLocks @_noAllocation get { 13 } }

    /// The table index of a dynamic parameter.
    @_noLocks @_noAllocation
    @inline(__always)
    static func of(_ id: DynamicParameterID) -> Int {
        switch id {
        case .hapticIntensityControl: return hapticIntensity
        case .hapticSharpnessControl: return hapticSharpness
        case .hapticAttackTimeControl: return hapticAttack
        case .hapticDecayTimeControl: return hapticDecay
        case .hapticReleaseTimeControl: return hapticRelease
        case .audioVolumeControl: return audioVolume
        case .audioPanControl: return audioPan
        case .audioBrightnessControl: return audioBrightness
        case .audioPitchControl: return audioPitch
        case .audioAttackTimeControl: return audioAttack
        case .audioDecayTimeControl: return audioDecay
        case .audioReleaseTimeControl: return audioRelease
        }
    }

    /// The default (rest) value of a control: 1 for the multiplying ones and mute, 0 otherwise.
    @_noLocks @_noAllocation
    @inline(__always)
    static func defaultValue(_ index: Int) -> Float {
        index == hapticIntensity || index == audioVolume || index == mute ? 1 : 0
    }

    /// Clamps a control value into its documented range (0 … 1 for multiplying controls, −1 … 1 otherwise).
    @_noLocks @_noAllocation
    @inline(__always)
    static func clamp(_ index: Int, _ value: Float) -> Float {
        if value.isNaN { return defaultValue(index) }
        return index == hapticIntensity || index == audioVolume || index == mute
            ? FastMath.clamp(value, 0, 1) : FastMath.clamp(value, -1, 1)
    }
}
