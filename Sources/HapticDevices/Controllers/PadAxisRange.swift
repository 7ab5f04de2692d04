/// The range of one absolute axis of a pad, as `EVIOCGABS` reports it: its value when read, its minimum and
/// maximum, and the `flat` band around its rest that the driver says is noise.
public struct PadAxisRange: Sendable, Hashable {
    /// The lowest value.
    public var minimum: Int32
    /// The highest value.
    public var maximum: Int32
    /// The driver's dead band around the rest position (0 when it gives none).
    public var flat: Int32
    /// The axis's value when it was read (a simulated pad's rest position): movement is measured from here.
    public var value: Int32
    /// The driver's noise filter (`fuzz`, 0 when it gives none).
    public var fuzz: Int32
    /// The axis's resolution in units per millimetre or per radian (0 when the driver gives none).
    public var resolution: Int32

    /// Creates a range; `value` defaults to the middle of a stick's range that spans zero, else to `minimum` (a
    /// trigger at rest).
    public init(minimum: Int32, maximum: Int32, flat: Int32 = 0, value: Int32? = nil, fuzz: Int32 = 0, resolution: Int32 = 0) {
        self.value = value ?? (minimum < 0 && maximum > 0 ? 0 : minimum)
        self.minimum = minimum
        self.maximum = maximum
        self.flat = flat
        self.fuzz = fuzz
        self.resolution = resolution
    }
}
