/// Tells a player's input on a pad from noise: a button pressed, or an axis (stick, trigger, d-pad hat) moved beyond
/// a dead zone from where it was last counted.
///
///     var filter = PadActivityFilter(axes: spec.axisRanges)
///     filter.isActivity(.button(PadInputEvent.southButton, pressed: true))   // true
///     filter.isActivity(.axis(PadInputEvent.leftStickX, value: 90))          // false: inside the dead zone
///
/// The dead zone of an axis is an eighth of its range (a quarter of a stick's travel from the centre; any step of a
/// d-pad hat), or the driver's `flat` band when that is wider. Movement is measured from the axis's value when the
/// pad was opened, then from the last value that counted, so a stick at rest that jitters never counts, and a stick
/// or trigger that moves counts whatever its rest position. Button releases and auto-repeats do not count (the press
/// did); axes the pad did not report, or with an empty range, never count.
///
/// - Thread safety: a value type; one owner mutates it.
package struct PadActivityFilter: Sendable {
    /// The fraction of an axis's range it must move to count.
    package static let deadZoneFraction: Int64 = 8

    private struct Axis {
        var minimum: Int64
        var maximum: Int64
        var deadZone: Int64
        var reference: Int64
    }

    private var axes: [UInt16: Axis] = [:]
    /// The ranges of the pad's axes, as given (input profiles scale the axes' values with them).
    package let ranges: [UInt16: PadAxisRange]

    /// A filter for a pad whose absolute axes are `axes` (by evdev code).
    package init(axes: [UInt16: PadAxisRange]) {
        ranges = axes
        for (code, range) in axes where range.maximum > range.minimum {
            let minimum = Int64(range.minimum)
            let maximum = Int64(range.maximum)
            let deadZone = Swift.max(Int64(Swift.max(range.flat, 0)), (maximum - minimum) / Self.deadZoneFraction)
            let reference = Swift.min(Swift.max(Int64(range.value), minimum), maximum)
            self.axes[code] = Axis(minimum: minimum, maximum: maximum, deadZone: deadZone, reference: reference)
        }
    }

    /// Whether `event` is the player using the pad; an axis that counts becomes the reference of the next move.
    package mutating func isActivity(_ event: PadInputEvent) -> Bool {
        switch event.kind {
        case .button:
            return event.value == 1
        case .axis:
            guard var axis = axes[event.code] else { return false }
            // A value from the device is clamped to the range it declared before any arithmetic.
            let value = Swift.min(Swift.max(Int64(event.value), axis.minimum), axis.maximum)
            guard abs(value - axis.reference) > axis.deadZone else { return false }
            axis.reference = value
            axes[event.code] = axis
            return true
        case .report:
            return false
        }
    }
}
